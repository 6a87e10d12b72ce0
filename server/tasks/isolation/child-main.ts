// The entry of a job's child process (dist/server/convert-child.mjs): runs one converter on one
// job for the server (host.ts), then exits. Image decoding, pdf-lib and the models allocate here,
// under this process's memory limit, never in the web process; whatever a hostile file does to
// this process ends with it.
import { useEngineSlots } from '../../convert/engines/run';
import { findConverter } from '../../convert/registry';
import { configureTimestamps, useTimestampAuthority } from '../../convert/tools/pdf-render';
import type { ConvertContext } from '../../convert/types';
import { withLogFields } from '../../log';
import { runMiddle } from '../middle';
import { errorOf, failureOf } from './failures';
import type { FromChild, JobRequest, ToChild } from './protocol';

function send(message: FromChild): Promise<void> {
  return new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
}

const controller = new AbortController();
const grants = new Map<number, () => void>();
let nextSlot = 0;

// Engine slots come from the server, so its limits count this job's engine runs with everyone's.
useEngineSlots(
  (engine, signal) =>
    new Promise((resolve, reject) => {
      signal?.throwIfAborted();
      const id = ++nextSlot;
      const onAbort = () => {
        grants.delete(id);
        void send({ type: 'release', id });
        reject(signal?.reason);
      };
      grants.set(id, () => {
        signal?.removeEventListener('abort', onAbort);
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          void send({ type: 'release', id });
        });
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      void send({ type: 'acquire', id, engine });
    }),
);

// Timestamp tokens come from the server, which alone holds the built-in authority's key and a network.
const tokens = new Map<number, { resolve(token: Buffer): void; reject(error: unknown): void }>();
let nextToken = 0;
useTimestampAuthority(
  (digest, { signal }) =>
    new Promise((resolve, reject) => {
      signal.throwIfAborted();
      const id = ++nextToken;
      tokens.set(id, { resolve, reject });
      void send({ type: 'timestamp', id, digest: digest.toString('hex') });
    }),
);

function answerToken(message: Extract<ToChild, { type: 'timestamp' }>): void {
  const waiting = tokens.get(message.id);
  tokens.delete(message.id);
  if (!waiting) return;
  if (message.token) waiting.resolve(Buffer.from(message.token, 'base64'));
  else waiting.reject(errorOf(message.failure ?? { detail: 'no token' }, 'timestamp failed in the server'));
}

let finished = false;
async function finish(message: FromChild): Promise<void> {
  if (finished) return;
  finished = true;
  await send(message);
  process.exit(0);
}

async function run(request: JobRequest): Promise<void> {
  configureTimestamps(request.timestamps);
  const converter = findConverter(request.toolId);
  if (!converter) throw new Error(`no converter for ${request.toolId}`);
  const ctx: ConvertContext = {
    workDir: request.workDir,
    signal: controller.signal,
    tier: request.tier,
    deadline: request.deadline,
    progress: (percent) => void send({ type: 'progress', percent }),
    note: (message) => void send({ type: 'note', message }),
  };
  const job = { inputs: request.inputs, options: request.options };
  if (request.stage === 'middle') {
    const result = await runMiddle(converter, job, ctx);
    await finish({ type: 'done', outputs: result.outputs, data: result.data });
  } else {
    await finish({ type: 'done', outputs: await converter.convert(job, ctx) });
  }
}

// An error escaping the converter's promise chain (a stream handler, a timer) fails this job only.
const fail = (error: unknown) => void finish({ type: 'failed', failure: failureOf(error) });
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
// The server went away: stop the engines (their jails die with this process too) and leave.
process.on('disconnect', () => {
  controller.abort('shutdown');
  process.exit(1);
});

process.on('message', (message: ToChild) => {
  if (message.type === 'run') withLogFields({ taskId: message.request.taskId, tool: message.request.toolId }, () => run(message.request)).catch(fail);
  else if (message.type === 'abort') controller.abort(message.reason);
  else if (message.type === 'slot') grants.get(message.id)?.();
  else if (message.type === 'timestamp') answerToken(message);
});
void send({ type: 'ready' });
