// The Chinese messages the OCR tools show visitors (the task's failure `msg`).
export const OCR_FAILED = '文字识别失败，图片可能已损坏';
/** Not shown to visitors: an operator's installation problem (tesseract-ocr-chi-sim missing). */
export const OCR_LANGUAGE_MISSING = 'tesseract language data chi_sim or eng is not installed (run scripts/setup)';
