// The Chinese messages video-to-pdf and video-to-ppt show visitors (the task's failure `msg`).
export const NO_FRAMES = '没有从视频中提取到画面，文件可能已损坏';
