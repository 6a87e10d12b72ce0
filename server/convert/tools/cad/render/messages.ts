// What the CAD rendering tools tell the visitor.
export const CAD_TOO_COMPLEX_MESSAGE = '图纸过于复杂（图形数量过多），请拆分或清理后再试';
export const CAD_EMPTY_MESSAGE = '图纸中没有可显示的图形（所有图层可能已关闭或冻结）';
export const CAD_IMAGE_TOO_LARGE_MESSAGE = '输出图片尺寸过大，请减小宽度或DPI';
