// The Chinese messages image tools show visitors (the task's failure `msg`).
export const NOT_AN_IMAGE = '文件不是有效的图片，或图片格式与文件名不符';
export const IMAGE_CORRUPT = '图片文件不完整或已损坏';
export const CROP_OUTSIDE = '裁剪区域超出了图片范围';

export function tooManyPixels(maxPixels: number): string {
  return `图片尺寸过大（超过${maxPixels / 100_000_000}亿像素），无法处理`;
}
