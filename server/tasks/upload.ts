// Multipart upload: fields, then `file` parts streamed one by one into the store. Each file's size
// is counted while it streams and the upload stops as soon as it passes the limit; its type is
// sniffed from the first bytes before anything is written.
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import busboy from 'busboy';
import { TaskRefusal } from './errors';
import { TASK_MESSAGES } from './messages';
import { SNIFF_BYTES, sniffType } from '../files/sniff';
import type { FileStore, StoredFile } from './store';


export interface UploadRules {
  /** File types (extensions) taken, sniffed from the bytes (files/sniff.ts). */
  accept: readonly string[];
  maxFiles: number;
  maxFileSize: number;
}

export interface UploadOptions {
  store: FileStore;
  /** The text fields this call takes; they must all come before the first file. */
  fieldNames: readonly string[];
  /** Decides tool and limits from the fields read so far; called when the first file arrives. May throw a TaskRefusal. */
  rules(fields: Record<string, string>): UploadRules;
  /** Store key for the file at this position, once its type is known. */
  keyFor(index: number, type: string): string;
  /** The refusals' messages where a caller has its own (feedback); the task pipeline's otherwise. */
  messages?: Partial<UploadMessages>;
}

export interface UploadMessages {
  fileTooLarge(maxBytes: number): string;
  tooManyFiles(max: number): string;
  wrongType(accept: readonly string[]): string;
}

export interface Upload {
  fields: Record<string, string>;
  /** In upload order. */
  files: StoredFile[];
}

const MAX_FIELD_BYTES = 64 * 1024;
const MAX_NAME_LENGTH = 200;
/** What a refused request may still send before its connection is closed. */
const MAX_DRAIN_BYTES = 8 * 1024 * 1024;

// Control characters, and the format characters (Unicode Cf: bidi overrides such as U+202E,
// zero-width joiners, BOMs) that make "invoice\u202Efdp.exe" read as "invoiceexe.pdf".
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;

function displayName(raw: string | undefined): string {
  const base = path.posix.basename((raw ?? '').replace(/\\/g, '/')).replace(UNSAFE_NAME_CHARACTERS, '').trim();
  return (base || 'file').slice(-MAX_NAME_LENGTH);
}

function messagesOf(options: UploadOptions): UploadMessages {
  return { ...TASK_MESSAGES, ...options.messages };
}

async function storeOne(stream: Readable, index: number, name: string, rules: UploadRules, options: UploadOptions): Promise<StoredFile> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const messages = messagesOf(options);
  const tooLarge = () => new TaskRefusal(413, messages.fileTooLarge(rules.maxFileSize));
  const headParts: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    // busboy may reuse the memory behind a chunk once the next one is read: keep a copy.
    headParts.push(Buffer.from(next.value));
    headLength += next.value.length;
  }
  const head = Buffer.concat(headParts);
  if (head.length === 0) throw new TaskRefusal(400, TASK_MESSAGES.emptyFile);
  if (head.length > rules.maxFileSize) throw tooLarge();
  const type = await sniffType(head.subarray(0, SNIFF_BYTES), name, rules.accept);
  if (!type) throw new TaskRefusal(415, messages.wrongType(rules.accept));

  let size = head.length;
  async function* body(): AsyncGenerator<Buffer> {
    yield head;
    if (ended) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      size += next.value.length;
      // Throwing here fails the store's pipeline, which removes the partial file.
      if (size > rules.maxFileSize) throw tooLarge();
      yield next.value;
    }
  }
  const key = options.keyFor(index, type);
  await options.store.put(key, Readable.from(body()));
  return { name, key, size, type };
}

/**
 * The text fields of a multipart body sent to a call that takes no file (a page's FormData): a
 * name given twice gives a list, as in a form-encoded body. A file part is refused like any part a
 * call does not take; its bytes are read and dropped up to the drain bound, past it the request
 * is cut off.
 */
export function receiveFields(req: Request): Promise<Record<string, string | string[]>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { fieldSize: MAX_FIELD_BYTES, fields: 50 } });
    } catch {
      reject(new TaskRefusal(400, TASK_MESSAGES.badRequest));
      return;
    }
    const fields: Record<string, string | string[]> = {};
    let refusal: TaskRefusal | undefined;
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) refusal ??= new TaskRefusal(400, TASK_MESSAGES.badRequest);
      const earlier = fields[name];
      fields[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
    });
    parser.on('fieldsLimit', () => {
      refusal ??= new TaskRefusal(400, TASK_MESSAGES.badRequest);
    });
    parser.on('file', (name, stream) => {
      stream.resume();
      refusal ??= new TaskRefusal(400, TASK_MESSAGES.unknownPart(name.slice(0, 40)));
    });
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_DRAIN_BYTES) req.destroy();
    });
    parser.on('error', () => reject(new TaskRefusal(400, TASK_MESSAGES.badRequest)));
    parser.on('close', () => (refusal ? reject(refusal) : resolve(fields)));
    req.on('close', () => {
      if (!req.complete) reject(new TaskRefusal(400, TASK_MESSAGES.badRequest));
    });
    req.pipe(parser);
  });
}

/** Parses the request; on any refusal every file stored so far is removed before the promise rejects. */
export function receiveUpload(req: Request, options: UploadOptions): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: StoredFile[] = [];
    const pending: Promise<void>[] = [];
    let rules: UploadRules | undefined;
    let count = 0;
    let failure: unknown;

    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { fieldSize: MAX_FIELD_BYTES, fields: 50 } });
    } catch {
      reject(new TaskRefusal(400, TASK_MESSAGES.badRequest));
      return;
    }

    const fail = (error: unknown): void => {
      if (failure) return;
      failure = error;
      // Nothing more of this request gets stored. The rest of the body is read and dropped, up to a
      // bound, so that a client still sending sees the refusal instead of a broken pipe; past the
      // bound the connection is closed.
      req.unpipe(parser);
      const bodyDone = new Promise<void>((settle) => {
        if (req.complete || req.destroyed) return settle();
        let drained = 0;
        req.on('data', (chunk: Buffer) => {
          drained += chunk.length;
          if (drained > MAX_DRAIN_BYTES) req.destroy();
        });
        req.once('end', settle);
        req.once('close', settle);
        req.resume();
      });
      // The answer waits for the body to end (or be cut off), so the client is reading when it comes.
      void Promise.allSettled([...pending, bodyDone])
        .then(() => Promise.all(files.filter(Boolean).map((f) => options.store.delete(f.key))))
        .then(() => reject(error), () => reject(error));
    };

    // A field after the files would come too late to change what was decided for them: refused,
    // never silently ignored; so is any part this call does not take (it would be read for nothing).
    parser.on('field', (name, value) => {
      if (failure) return;
      if (!options.fieldNames.includes(name)) fail(new TaskRefusal(400, TASK_MESSAGES.unknownPart(name.slice(0, 40))));
      else if (count > 0) fail(new TaskRefusal(400, TASK_MESSAGES.fieldAfterFiles));
      else if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (failure) {
        stream.resume();
        return;
      }
      if (name !== 'file') {
        stream.resume();
        fail(new TaskRefusal(400, TASK_MESSAGES.unknownPart(name.slice(0, 40))));
        return;
      }
      const index = count++;
      try {
        rules ??= options.rules(fields);
        if (index >= rules.maxFiles) throw new TaskRefusal(400, messagesOf(options).tooManyFiles(rules.maxFiles));
      } catch (error) {
        stream.resume();
        fail(error);
        return;
      }
      const stored = storeOne(stream, index, displayName(info.filename), rules, options).then((file) => {
        files[index] = file;
      }, fail);
      pending.push(stored);
    });
    parser.on('error', () => fail(new TaskRefusal(400, TASK_MESSAGES.badUpload)));
    parser.on('close', () => {
      void Promise.all(pending).then(() => {
        if (!failure) resolve({ fields, files });
      });
    });
    req.on('close', () => {
      if (!req.complete) fail(new TaskRefusal(400, TASK_MESSAGES.badUpload));
    });
    req.pipe(parser);
  });
}
