// The Chinese messages the OFD tools show visitors (the task's failure `msg`).
export const OFD_CORRUPT = 'OFD文件已损坏或格式不受支持';
export const OFD_TOO_LARGE = 'OFD文件解压后过大，无法转换';
export const OFD_NO_PAGES = 'OFD文件中没有页面';
