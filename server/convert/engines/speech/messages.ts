// The Chinese messages the speech tools show visitors.
export const NO_SPEECH_MODEL = '未配置语音识别模型，该功能暂不可用';
export const SPEECH_MODEL_BROKEN = '语音识别模型无法加载，请联系管理员检查模型目录';
export const NO_SPEECH_FOUND = '没有识别到语音内容';
