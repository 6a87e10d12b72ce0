// The Chinese messages these tools show visitors (the task's failure `msg`).
export const PDF_ENCRYPTED = 'PDF已加密，请先解密';
export const PDF_CORRUPT = '文件已损坏或不是有效的PDF';
export const WRONG_PASSWORD = '密码错误，请输入正确的PDF密码';
export const PASSWORD_NEEDED = '该PDF设有打开密码，请输入密码后再解除';
