// The task calls of SPEC §7 "Tasks" with the payloads of our contract (server/tasks/README.md).
// JSON calls go through the shared client; the uploads use XMLHttpRequest, the one browser API
// that reports upload progress, and settle exactly as the shared client would (SPEC §8).
import { HTTP_TIMEOUT_MS } from '../../shared/constants';
import type { MiddleView, PreviewView, ResultPreview, ScanAnalysis, TaskView } from '../../shared/task-api';
import { NO_RESPONSE_MESSAGE, TIMEOUT_MESSAGE } from '../../shared/errors';
import { toast } from '../components/toast/toast-store';
import { ACCESS_TOKEN_COOKIE } from '../../shared/cookies';
import { ApiError, http, parseBody, readDocumentCookie, settleEnvelope, settleErrorStatus } from './http-client';

export type { MiddlePage, MiddleView, PreviewView, ResultPreview, TaskFile, TaskStatus, TaskView } from '../../shared/task-api';

export interface SubmitRequest {
  /** The tool id. */
  taskName: string;
  files: readonly File[];
  options?: Record<string, unknown>;
  /** The same key from the same visitor within 5 minutes answers the first task. */
  idempotencyKey?: string;
  /** Bytes of the whole request body sent so far, of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Uploads are long: the timeout counts from the last byte sent or received, not from the start. */
const UPLOAD_IDLE_TIMEOUT_MS = HTTP_TIMEOUT_MS;
/** Settled as the shared client settles a response: a refusal (too large, wrong type, busy…) is rejected with its msg. */
function settleUpload(status: number, text: string): unknown {
  const body = parseBody(text);
  return status >= 200 && status < 300 ? settleEnvelope(body) : settleErrorStatus(status, body);
}

function upload<T>(url: string, request: SubmitRequest): Promise<T> {
  const form = new FormData();
  // The server decides limits from the fields, so they go before the files.
  form.append('taskName', request.taskName);
  if (request.options) form.append('options', JSON.stringify(request.options));
  if (request.idempotencyKey) form.append('idempotencyKey', request.idempotencyKey);
  for (const file of request.files) form.append('file', file, file.name);

  const sent = new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let idle: ReturnType<typeof setTimeout> | undefined;
    const fail = (error: ApiError) => {
      clearTimeout(idle);
      reject(error);
    };
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        xhr.abort();
        fail(new ApiError(TIMEOUT_MESSAGE, 'timeout'));
      }, UPLOAD_IDLE_TIMEOUT_MS);
    };
    xhr.open('POST', url);
    xhr.withCredentials = true;
    const token = readDocumentCookie(ACCESS_TOKEN_COOKIE);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      touch();
      if (event.lengthComputable) request.onProgress?.(event.loaded, event.total);
    };
    xhr.onprogress = touch;
    xhr.onload = () => {
      clearTimeout(idle);
      try {
        resolve(settleUpload(xhr.status, xhr.responseText) as T);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => fail(new ApiError(NO_RESPONSE_MESSAGE, 'network'));
    request.signal?.addEventListener('abort', () => {
      xhr.abort();
      fail(new ApiError('已取消', 'network'));
    });
    touch();
    xhr.send(form);
  });
  // The same toast rule as the shared client: the caller handles ret 400, the visitor hears about the rest.
  return sent.catch((error: unknown) => {
    if (error instanceof ApiError && error.kind !== 'ret' && !request.signal?.aborted) toast.error(error.message);
    throw error;
  });
}

/** Uploads the files and starts one task on all of them (order kept). */
export async function submitTask(request: SubmitRequest): Promise<string> {
  return (await upload<{ taskId: string }>('/task/submitTask', request)).taskId;
}

/** Uploads and runs the first step of a two-step tool (page thumbnails to pick from). */
export async function submitMiddleTask(request: SubmitRequest): Promise<string> {
  return (await upload<{ taskId: string }>('/task/submitMiddleTask', request)).taskId;
}

/** SPEC §7 getTryOutDetail: the day's free uses of a tool left (-1: not counted, VIP). */
export interface TryOutDetail {
  isNowGet: boolean;
  nowAvailableCount: number;
  dailyCount: number;
}

/** Undefined when the count could not be read: the page then says nothing about it (the server still counts). */
export function getTryOutDetail(taskName: string): Promise<TryOutDetail | undefined> {
  return http.request<TryOutDetail>('/v2/user/getTryOutDetail', { params: { platform: 'web', taskName }, silent: true });
}

/** A submit refused because the day's free uses are gone (402): the page offers login or VIP. */
export function isUsedUp(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402;
}

export function taskQuery(taskId: string): Promise<TaskView> {
  return http.request<TaskView>('/task/taskQuery', { method: 'POST', json: { taskId } });
}

export function taskMiddleQuery(taskId: string): Promise<MiddleView> {
  return http.request<MiddleView>('/task/taskMiddleQuery', { method: 'POST', json: { taskId } });
}

/** The final run of a two-step task with the options the visitor chose; poll taskQuery after. */
export async function submitResult(taskId: string, options: Record<string, unknown>): Promise<string> {
  return (await http.request<{ taskId: string }>('/task/submitResult', { method: 'POST', json: { taskId, options } })).taskId;
}

/** The final run over files staged as thumbnail tasks, in this order (a merge as arranged); poll taskQuery after. */
export async function submitResultGroup(taskIds: readonly string[], options: Record<string, unknown>): Promise<string> {
  return (await http.request<{ taskId: string }>('/task/submitResultGroup', { method: 'POST', json: { taskIds, options } })).taskId;
}

/** 继续处理: another tool on a finished task's results, without uploading them again. */
export async function moreConvert(taskId: string, taskName: string, options: Record<string, unknown>): Promise<string> {
  return (await http.request<{ taskId: string }>('/task/moreConvert', { method: 'POST', json: { taskId, taskName, options } })).taskId;
}

/** 继续处理 into a page tool: the results staged as thumbnail tasks, one per file. */
export async function moreConvertMiddle(taskId: string, taskName: string): Promise<string[]> {
  return (await http.request<{ taskIds: string[] }>('/task/moreConvertMiddle', { method: 'POST', json: { taskId, taskName } })).taskIds;
}

/** A picture of each result file (first page of a PDF, the image itself), or none; undefined when it could not be had. */
export function resultPreview(taskId: string): Promise<ResultPreview | undefined> {
  return http.request<ResultPreview>('/task/resultPreview', { method: 'POST', json: { taskId }, silent: true });
}

/** Stops the work and deletes the task's files now. */
export async function deleteById(taskId: string): Promise<void> {
  await http.request<unknown>('/task/deleteById', { method: 'DELETE', json: { taskId } });
}

/** A staged file the visitor removed: its upload goes now rather than at the retention's end (nothing to tell if it fails). */
export function dropStaged(taskId: string): void {
  void http.request<unknown>('/task/deleteById', { method: 'DELETE', json: { taskId }, silent: true });
}

export async function goOnConvert(taskId: string): Promise<string> {
  return (await http.request<{ taskId: string }>('/task/goOnConvert', { method: 'POST', json: { taskId } })).taskId;
}

/** The first pages of the result PDF as images. */
export function targetYee(taskId: string): Promise<PreviewView> {
  return http.request<PreviewView>('/task/targetYee', { method: 'POST', json: { taskId } });
}

/** The first pages of the uploaded PDF as images. */
export function previewYee(taskId: string): Promise<PreviewView> {
  return http.request<PreviewView>('/task/previewYee', { method: 'POST', json: { taskId } });
}

/** The report of a finished pdf-scan task (the /Scan/ page). */
export function scanAnalysis(taskId: string): Promise<ScanAnalysis> {
  return http.request<ScanAnalysis>('/task/pdf-scan/analysis', { method: 'POST', json: { taskId } });
}
