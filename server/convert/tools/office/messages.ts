// The Chinese messages office tools show visitors (the task's failure `msg`).
export const UNKNOWN_TEXT_ENCODING = '无法识别文本编码，请将文件另存为 UTF-8 或 GBK 编码后重试';
export const NO_TABLES = '文档中没有找到表格';
export const DOCUMENT_CORRUPT = '文档已损坏或不是有效的 Word 文件';
export const ZIP_CORRUPT = '压缩包已损坏或不是有效的 ZIP 文件';
export const ZIP_NO_IMAGES = '压缩包中没有找到图片';
export const ZIP_ENCRYPTED = '压缩包已加密，请上传未加密的压缩包';

export function zipTooManyEntries(max: number): string {
  return `压缩包中的文件过多（最多 ${max} 个）`;
}

export function zipTooLarge(maxMegabytes: number): string {
  return `压缩包解压后过大（最多 ${maxMegabytes} MB）`;
}
