// The converter contract (ARCHITECTURE.md "Conversions"): a tool is one catalogue row and one
// converter; converters compose engines; the task runner gives each job a private context.
import type { z } from 'zod';

export type Tier = 'guest' | 'user' | 'vip';

export interface ConvertInput {
  /** The visitor's file name (display only; never used as a path). */
  name: string;
  /** Where the stored input lies on local disk. */
  path: string;
  size: number;
  /** Extension sniffed from the bytes (pdf, png, docx…), not taken from the name. */
  type: string;
}

export interface ConvertOutput {
  /** Download name shown to the visitor. */
  name: string;
  /** File inside ctx.workDir. */
  path: string;
}

export interface ConvertContext {
  /** A private, empty directory for this job; removed by the runner afterwards. */
  workDir: string;
  /** Aborted when the task is cancelled, deleted or times out: stop work and kill child processes. */
  signal: AbortSignal;
  /** 0–100. */
  progress(percent: number): void;
  tier: Tier;
  /** When the job times out (epoch ms), for work that can stop early with a lesser result. */
  deadline?: number;
  /**
   * A remark for the visitor on a job that succeeded with a reservation (pages kept as pictures):
   * Chinese, shown as the finished task's message. Several notes are joined.
   */
  note?(message: string): void;
}

export interface ConvertJob<O> {
  inputs: ConvertInput[];
  options: O;
}

/** Result of the first step of a two-step (middle) task: preview files plus data the page shows. */
export interface MiddleResult {
  outputs: ConvertOutput[];
  data: Record<string, unknown>;
}

export interface Converter<O = unknown> {
  toolId: string;
  /** Validates and defaults the task's options; every option has a default. */
  options: z.ZodType<O>;
  /** Engine ids this converter needs; the tool is unavailable when one is missing. */
  engines: readonly string[];
  convert(job: ConvertJob<O>, ctx: ConvertContext): Promise<ConvertOutput[]>;
  /** First step of a two-step task (e.g. page previews the visitor picks from). */
  middle?(job: ConvertJob<O>, ctx: ConvertContext): Promise<MiddleResult>;
}
