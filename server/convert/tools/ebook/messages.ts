// The Chinese messages the e-book tools show visitors (the task's failure `msg`).
export const EBOOK_CORRUPT = '电子书文件已损坏或格式无效，无法转换';
export const EBOOK_DRM = '该电子书受DRM版权保护，无法转换';
export const EBOOK_FAILED = '电子书转换失败，请检查文件后重试';
