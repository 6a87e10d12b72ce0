// Every Chinese message the task pipeline shows to visitors, in one place.

import { formatSizeLimit } from '../../shared/format';

export const TASK_MESSAGES = {
  unknownTool: '不支持的功能',
  toolUnavailable: '该功能暂时无法使用，请稍后再试',
  badRequest: '请求参数错误',
  badOptions: (detail: string) => `参数错误：${detail}`,
  badOptionsJson: '参数错误：options 不是有效的 JSON',
  noFile: '请上传文件',
  emptyFile: '文件为空',
  fileTooLarge: (maxBytes: number) => `文件超过大小限制（最大 ${formatSizeLimit(maxBytes)}）`,
  tooManyFiles: (max: number) => `文件数量超过限制（最多 ${max} 个）`,
  wrongType: (accept: readonly string[]) => `文件格式不支持，请上传 ${accept.map((ext) => ext.toUpperCase()).join('、')} 格式的文件`,
  fieldsFirst: '请求格式错误：taskName 需在文件之前提交',
  badUpload: '文件上传失败，请重试',
  notFound: '任务不存在或已过期',
  busy: '当前排队任务较多，请稍后再试',
  tooManyActive: '您已有较多任务在排队或处理中，请等待完成后再提交',
  diskFull: '服务器存储空间不足，请稍后再试',
  /** The object store (S3_*) did not answer or refused: nothing was kept, the visitor tries again later. */
  storeUnavailable: '文件存储暂时无法访问，请稍后再试',
  /** The process is shutting down (SIGTERM): another instance takes the next upload. */
  draining: '服务正在更新，请稍后几秒再试',
  fieldAfterFiles: '请求格式错误：参数需在文件之前提交',
  unknownPart: (name: string) => `请求格式错误：不支持的字段 ${name}`,
  /** The LibreOffice pool is full: a new office job would only be refused. */
  officeBusy: '当前转换人数较多，请稍后再试',
  convertFailed: '转换失败，请稍后重试',
  timedOut: '转换超时，请尝试拆分文件后再试',
  /** The file was being converted when the server went down, twice: it is not tried again. */
  interruptedTwice: '该文件多次导致处理中断，已停止处理，请检查文件是否完好',
  cancelled: '任务已删除',
  expired: '文件已超过保存期限，已自动删除',
  notFinished: '任务尚未完成',
  notMiddle: '该任务没有待确认的预览',
  notPartial: '该任务已是完整结果，无需继续转换',
  stillPartial: '试用仅转换部分内容，开通会员后可继续转换全部内容',
  noPdfOutput: '该任务没有可预览的PDF文件',
  notScanTask: '该任务不是PDF安全检测任务',
  noMiddleStep: '该功能不支持预览选择',
  mixedTools: '所选文件不属于同一功能，请重新选择',
  linkInvalid: '下载链接无效',
  linkExpired: '下载链接已过期，请重新获取',
  fileGone: '文件已过期或已删除',
} as const;
