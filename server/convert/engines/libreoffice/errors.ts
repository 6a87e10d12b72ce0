// What visitors are told when the LibreOffice pool cannot do a job. Busy is its own class so the
// task layer can answer it with 429 instead of a failed task.
import { ConvertError } from '../../errors';
import { TIMEOUT_MESSAGE } from '../run';

export const OFFICE_MESSAGES = {
  busy: '文档转换排队已满，请稍后再试',
  timedOut: TIMEOUT_MESSAGE,
  rejected: '无法打开文档，文件可能已损坏、已加密或格式不受支持',
  crashed: '文档转换失败，文件可能已损坏',
  unavailable: '文档转换服务启动失败，请稍后重试',
  stopped: '文档转换服务已停止，请稍后重试',
} as const;

/** Every listener is busy and the wait queue is full. */
export class OfficeBusyError extends ConvertError {
  constructor() {
    super(OFFICE_MESSAGES.busy);
    this.name = 'OfficeBusyError';
  }
}

export function isOfficeBusyError(error: unknown): error is OfficeBusyError {
  return error instanceof OfficeBusyError;
}
