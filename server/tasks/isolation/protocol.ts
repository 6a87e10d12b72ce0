// The messages between the server and a job's child process (host.ts ↔ child-main.ts), over
// Node's IPC channel. Everything in them is plain data: paths, numbers, strings.
import type { EngineId } from '../../convert/engines/registry';
import type { ConvertInput, ConvertOutput, MiddleResult, Tier } from '../../convert/types';
import type { TimestampSettings } from '../../convert/tools/pdf-render';
import type { FailureCode } from '../../../shared/task-api';

export interface JobRequest {
  /** For the child's log lines. */
  taskId: string;
  toolId: string;
  stage: 'middle' | 'convert';
  inputs: ConvertInput[];
  options: unknown;
  workDir: string;
  tier: Tier;
  /** ConvertContext.deadline. */
  deadline?: number;
  /** The server's settings the converters read (the child has no config of its own). */
  timestamps: TimestampSettings;
}

/** A failure as the visitor may see it: a ConvertError's Chinese message, or none (a bug, logged in the child). */
export interface JobFailure {
  convertMessage?: string;
  /** The ConvertError's code, when it has one. */
  convertCode?: FailureCode;
  detail: string;
}

export type ToChild =
  | { type: 'run'; request: JobRequest }
  | { type: 'abort'; reason: string }
  | { type: 'slot'; id: number }
  /** The timestamp token asked for (base64 DER), or why there is none. */
  | { type: 'timestamp'; id: number; token?: string; failure?: JobFailure };

export type FromChild =
  /** Listening: a message sent earlier could be lost while the child still loads its modules. */
  | { type: 'ready' }
  | { type: 'progress'; percent: number }
  /** A remark on the result for the task's message (ConvertContext.note). */
  | { type: 'note'; message: string }
  | { type: 'acquire'; id: number; engine: EngineId }
  | { type: 'release'; id: number }
  /** The server signs: the child holds neither the authority's key nor a network (hex SHA-256). */
  | { type: 'timestamp'; id: number; digest: string }
  | { type: 'done'; outputs: ConvertOutput[]; data?: MiddleResult['data'] }
  | { type: 'failed'; failure: JobFailure };
