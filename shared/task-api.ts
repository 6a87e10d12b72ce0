// The answers of the task calls (ARCHITECTURE.md "The task API contract"), shared by the server
// that writes them and the page that reads them.

export type TaskStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'expired';
export type TaskStage = 'middle' | 'final';

/**
 * Why a task failed, for the page to offer what helps (msg stays the Chinese text): a locked PDF
 * asks for its password, a damaged or unsupported file for another file; only a timeout (or no
 * code at all) is worth a plain retry.
 */
export type FailureCode = 'encrypted' | 'wrongPassword' | 'corrupt' | 'unsupported' | 'timeout';

export interface TaskFile {
  name: string;
  size: number;
  /** Signed, expiring download link. */
  url: string;
}

export interface TaskView {
  taskId: string;
  tool: string;
  stage: TaskStage;
  status: TaskStatus;
  /** 0–100. */
  progress: number;
  /** Why it failed, in Chinese. */
  msg: string;
  /** Why it failed, for the page: only on a failed task whose cause is known. */
  code?: FailureCode;
  /** When the files are deleted (ISO-8601). */
  expiresAt: string;
  /** True when a try-out gave a partial result that goOnConvert can finish. */
  partial: boolean;
  files: TaskFile[];
  /** All files in one zip, when there are several. */
  zipUrl?: string;
}

export interface MiddlePage extends TaskFile {
  page: number;
}

export interface MiddleView {
  taskId: string;
  status: TaskStatus;
  progress: number;
  msg: string;
  code?: FailureCode;
  expiresAt: string;
  pageCount?: number;
  data: Record<string, unknown>;
  /** Page thumbnails, once the middle step is done. */
  pages: MiddlePage[];
}

export interface PreviewView {
  taskId: string;
  pageCount: number;
  images: { page: number; url: string }[];
}

/**
 * /task/resultPreview: how each result file of a finished task can be shown. `page`: the first
 * page of a PDF (with its page count) or of an office document (Word, Excel, PPT; no count) as a
 * PNG; `image`: the result image itself; `none`: no picture (archives, media, a page that could
 * not be drawn, or more files than are drawn) — the page shows its type.
 */
export interface ResultPreview {
  taskId: string;
  files: { index: number; kind: 'page' | 'image' | 'none'; url?: string; pageCount?: number }[];
}

export type RiskLevel = '低' | '中' | '高';

/** The pdf-scan report (server/convert/tools/pdf-render/scan). */
export interface PdfScanReport {
  riskLevel: RiskLevel;
  /** One Chinese sentence for the top of the report. */
  summary: string;
  pageCount: number;
  encrypted: boolean;
  findings: { kind: string; severity: RiskLevel; count: number; message: string; details: string[] }[];
}

/** /task/pdf-scan/analysis: the finished scan task with its report. */
export interface ScanAnalysis extends TaskView {
  report: PdfScanReport;
}

/** One conversion in a logged-in user's history (GET /user/getPdf365Record). */
export interface ConversionRecord {
  taskId: string;
  /** The tool's id (taskName) and its Chinese title. */
  taskName: string;
  title: string;
  /** The names of the files sent. */
  fileNames: string[];
  status: TaskStatus;
  /** Why it failed, or that its files are gone, in Chinese. */
  msg: string;
  createdAt: string;
  expiresAt: string;
  /** The result can still be fetched (GET /user/downloadRecordUrl). */
  downloadable: boolean;
}

export interface ConversionHistory {
  total: number;
  page: number;
  pageSize: number;
  list: ConversionRecord[];
}
