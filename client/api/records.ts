// A logged-in user's conversion history (server/api/records.ts).
import type { ConversionHistory } from '../../shared/task-api';
import { http } from './http-client';

export type { ConversionHistory, ConversionRecord } from '../../shared/task-api';

export function getConversionHistory(page: number, pageSize = 10): Promise<ConversionHistory> {
  return http.request<ConversionHistory>('/user/getPdf365Record', { params: { page, pageSize } });
}

/** A fresh link to a finished conversion's result. */
export function recordDownloadUrl(taskId: string): Promise<{ url: string; name: string }> {
  return http.request<{ url: string; name: string }>('/user/downloadRecordUrl', { params: { taskId } });
}
