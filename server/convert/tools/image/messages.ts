// The Chinese messages image tools show visitors (the task's failure `msg`).
export const NOT_AN_IMAGE = '文件不是有效的图片，或图片格式与文件名不符';
export const IMAGE_CORRUPT = '图片文件不完整或已损坏';
export const CROP_OUTSIDE = '裁剪区域超出了图片范围';

/** A picture within the pixel limit whose deep colour (16-bit, alpha) would still take too much memory. */
export function tooManyDecodedBytes(width: number, height: number, bytes: number): string {
  return `图片过大（${width}×${height}，解码后约${Math.round(bytes / 1024 / 1024)} MB），请缩小尺寸或转为8位色深后再试`;
}

export function tooManyPixels(maxPixels: number): string {
  return `图片尺寸过大（超过${maxPixels / 100_000_000}亿像素），无法处理`;
}
