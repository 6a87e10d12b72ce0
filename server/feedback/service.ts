// Feedback from /yijian/ (issue 17): an entry is the form's text, category and contact with up to
// three attachments, kept with who sent it (the logged-in user, else the visitor's UUID) and from
// where. Everything is decided from the fields, before any attachment is stored: the checks of
// shared/feedback.ts, the same form sent again (its submit key), and the rate limits, whose
// counters are the rows themselves (counted again under the sender's locks as the row is
// written). Attachments go through the task upload (streamed, size counted, type sniffed) into
// the file store, and are deleted when their retention ends.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import {
  FEEDBACK_ACCEPT,
  FEEDBACK_FIELDS,
  FEEDBACK_MAX_FILE_BYTES,
  FEEDBACK_MAX_FILES,
  FEEDBACK_MESSAGES,
  FEEDBACK_SUBMIT_KEY,
  checkFeedbackContact,
  checkFeedbackContent,
  feedbackCategoryLabel,
  isFeedbackCategory,
  normalizeFeedbackContact,
} from '../../shared/feedback';
import type { Db } from '../db';
import { lockNames } from '../db/locks';
import { TaskRefusal } from '../tasks/errors';
import type { FileStore, StoredFile } from '../tasks/store';
import { receiveUpload } from '../tasks/upload';
import type { Visitor } from '../tasks/visitor';
import { logger } from '../log';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** A visitor writes a few in a burst at most; an office or school behind one address a few more. */
export const FEEDBACK_LIMITS = {
  window: 10 * MINUTE,
  perOwnerInWindow: 3,
  perOwnerPerDay: 10,
  perIpInWindow: 10,
  perIpPerDay: 50,
} as const;
const SWEEP_INTERVAL_MS = 60 * MINUTE;

/** A form sent again (a retry, a double click): the entry it already made. */
export class AlreadySent extends Error {
  constructor(readonly id: string) {
    super('feedback already sent');
  }
}

export interface FeedbackSender {
  visitor: Visitor;
  userId: number | null;
}

export interface FeedbackAttachment {
  name: string;
  key: string;
  size: number;
  type: string;
}

export interface FeedbackEntry {
  id: string;
  owner: string;
  userId: number | null;
  ip: string;
  category: string;
  categoryLabel: string;
  content: string;
  contact: string;
  createdAt: number;
  attachments: FeedbackAttachment[];
  /** Set once the attachments' retention ended (their files are gone). */
  filesDeletedAt: number | null;
}

interface Fields {
  category: string;
  content: string;
  contact: string;
  submitKey: string;
}

function refuse(message: string): never {
  throw new TaskRefusal(400, message);
}

/** The form's fields, checked; a refusal names the first problem in Chinese. */
function checkFields(raw: Record<string, unknown>): Fields {
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string) : '');
  if (!isFeedbackCategory(text('category'))) refuse(FEEDBACK_MESSAGES.category);
  const contentProblem = checkFeedbackContent(text('content'));
  if (contentProblem) refuse(contentProblem);
  const contactProblem = checkFeedbackContact(text('contact'));
  if (contactProblem) refuse(contactProblem);
  if (!FEEDBACK_SUBMIT_KEY.test(text('submitKey'))) refuse(FEEDBACK_MESSAGES.submitKey);
  return { category: text('category'), content: text('content').trim(), contact: normalizeFeedbackContact(text('contact')), submitKey: text('submitKey') };
}

interface Recent {
  keys: Map<string, string>;
  ownerWindow: number;
  ownerDay: number;
  ipWindow: number;
  ipDay: number;
}

/** Refuses a form its sender may not send now; the same form again is answered with its entry, even past the limits it counts towards. */
function checkAgainst(recent: Recent, fields: Fields): void {
  const earlier = recent.keys.get(fields.submitKey);
  if (earlier) throw new AlreadySent(earlier);
  if (recent.ownerDay >= FEEDBACK_LIMITS.perOwnerPerDay || recent.ipDay >= FEEDBACK_LIMITS.perIpPerDay) throw new TaskRefusal(429, FEEDBACK_MESSAGES.dailyLimit);
  if (recent.ownerWindow >= FEEDBACK_LIMITS.perOwnerInWindow || recent.ipWindow >= FEEDBACK_LIMITS.perIpInWindow) throw new TaskRefusal(429, FEEDBACK_MESSAGES.tooFrequent);
}

function contentTypeOf(type: string): string {
  const known: Record<string, string> = {
    jpg: 'image/jpeg',
    png: 'image/png',
    gif: 'image/gif',
    webp: 'image/webp',
    bmp: 'image/bmp',
    pdf: 'application/pdf',
    txt: 'text/plain; charset=utf-8',
  };
  return known[type] ?? 'application/octet-stream';
}

export class FeedbackService {
  private timer: NodeJS.Timeout | undefined;
  private readonly retentionMs: number;

  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    retentionDays: number,
    private readonly now: () => number = Date.now,
  ) {
    this.retentionMs = retentionDays * DAY;
  }

  private async countSince(db: Db, column: 'owner' | 'ip', value: string, since: number): Promise<number> {
    const row = await db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The sender's recent entries: their submit keys, and the counts the limits are about. */
  private async recent(db: Db, sender: FeedbackSender): Promise<Recent> {
    const now = this.now();
    const { owner, ip } = sender.visitor;
    const [keys, ownerWindow, ownerDay, ipWindow, ipDay] = await Promise.all([
      db.selectFrom('feedback').select(['id', 'submit_key']).where('owner', '=', owner).where('created_at', '>', now - DAY).execute(),
      this.countSince(db, 'owner', owner, now - FEEDBACK_LIMITS.window),
      this.countSince(db, 'owner', owner, now - DAY),
      this.countSince(db, 'ip', ip, now - FEEDBACK_LIMITS.window),
      this.countSince(db, 'ip', ip, now - DAY),
    ]);
    return { keys: new Map(keys.map((k) => [k.submit_key, k.id])), ownerWindow, ownerDay, ipWindow, ipDay };
  }

  /** The form as a page sends it (multipart, files last), or fields only (JSON or form-encoded). Answers the entry's id. */
  async submit(req: Request, sender: FeedbackSender): Promise<string> {
    // A first look, so a refused form is answered before its files are streamed and stored; the
    // write below decides again under the sender's locks.
    const recent = await this.recent(this.db, sender);
    let decided: Fields | undefined;
    const decide = (raw: Record<string, unknown>): Fields => {
      if (decided) return decided;
      const fields = checkFields(raw);
      checkAgainst(recent, fields);
      decided = fields;
      return fields;
    };

    const id = crypto.randomBytes(12).toString('base64url');
    let files: StoredFile[] = [];
    if (req.is('multipart/form-data')) {
      const upload = await receiveUpload(req, {
        store: this.store,
        fieldNames: FEEDBACK_FIELDS,
        rules: (fields) => {
          decide(fields);
          return { accept: FEEDBACK_ACCEPT, maxFiles: FEEDBACK_MAX_FILES, maxFileSize: FEEDBACK_MAX_FILE_BYTES };
        },
        keyFor: (index, type) => `feedback/${id}/${index}.${type}`,
        messages: {
          fileTooLarge: () => FEEDBACK_MESSAGES.fileTooLarge,
          tooManyFiles: () => FEEDBACK_MESSAGES.tooManyFiles,
          wrongType: () => FEEDBACK_MESSAGES.wrongType,
        },
      });
      files = upload.files;
      try {
        decide(upload.fields);
      } catch (error) {
        await this.deleteFiles(files);
        throw error;
      }
    } else {
      decide(req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
    }

    const fields = decided!;
    const { visitor } = sender;
    try {
      // Counted and written as one step: parallel sends of one visitor or address wait for each
      // other here, so each counts the entries of those before it (server/db/locks.ts).
      await this.db.transaction().execute(async (trx) => {
        await lockNames(trx, [`feedback:owner:${visitor.owner}`, `feedback:ip:${visitor.ip}`]);
        checkAgainst(await this.recent(trx, sender), fields);
        await trx
          .insertInto('feedback')
          .values({
            id,
            owner: visitor.owner,
            user_id: sender.userId,
            ip: visitor.ip,
            category: fields.category,
            content: fields.content,
            contact: fields.contact,
            submit_key: fields.submitKey,
            attachments: JSON.stringify(files.map(({ name, key, size, type }) => ({ name, key, size, type }))),
            created_at: this.now(),
            files_deleted_at: null,
          })
          .execute();
      });
    } catch (error) {
      await this.deleteFiles(files);
      if (error instanceof AlreadySent || error instanceof TaskRefusal) throw error;
      // Two sends of one form at once (before its visitor had a cookie): the unique submit_key keeps the first.
      const first = await this.db.selectFrom('feedback').select('id').where('submit_key', '=', fields.submitKey).executeTakeFirst();
      if (first) return first.id;
      throw error;
    }
    return id;
  }

  private async deleteFiles(files: readonly FeedbackAttachment[]): Promise<void> {
    await Promise.all(files.map((file) => this.store.delete(file.key)));
  }

  /** Newest first, for the operators. */
  async list(page: number, size: number): Promise<{ total: number; list: FeedbackEntry[] }> {
    const [count, rows] = await Promise.all([
      this.db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('feedback')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
    ]);
    return {
      total: Number(count.n),
      list: rows.map((row) => ({
        id: row.id,
        owner: row.owner,
        userId: row.user_id,
        ip: row.ip,
        category: row.category,
        categoryLabel: feedbackCategoryLabel(row.category),
        content: row.content,
        contact: row.contact,
        createdAt: Number(row.created_at),
        attachments: JSON.parse(row.attachments) as FeedbackAttachment[],
        filesDeletedAt: row.files_deleted_at === null ? null : Number(row.files_deleted_at),
      })),
    };
  }

  /** One attachment's bytes, or undefined when there is no such entry, file, or it was deleted. */
  async attachment(id: string, index: number): Promise<{ body: Readable; name: string; size: number; contentType: string } | undefined> {
    const row = await this.db.selectFrom('feedback').select(['attachments', 'files_deleted_at']).where('id', '=', id).executeTakeFirst();
    if (!row || row.files_deleted_at !== null) return undefined;
    const file = (JSON.parse(row.attachments) as FeedbackAttachment[])[index];
    if (!file) return undefined;
    const size = await this.store.size(file.key);
    if (size === undefined) return undefined;
    return { body: this.store.get(file.key), name: file.name, size, contentType: contentTypeOf(file.type) };
  }

  /** Deletes the attachments whose retention ended (files first, then the mark: a failure leaves the row to retry). */
  async sweep(): Promise<number> {
    const due = await this.db
      .selectFrom('feedback')
      .select(['id', 'attachments'])
      .where('files_deleted_at', 'is', null)
      .where('attachments', '!=', '[]')
      .where('created_at', '<', this.now() - this.retentionMs)
      .limit(500)
      .execute();
    for (const row of due) {
      await this.deleteFiles(JSON.parse(row.attachments) as FeedbackAttachment[]);
      await this.db.updateTable('feedback').set({ files_deleted_at: this.now() }).where('id', '=', row.id).execute();
    }
    return due.length;
  }

  start(): void {
    const pass = () => void this.sweep().catch((error: unknown) => logger.error({ err: error }, 'feedback sweeper failed'));
    pass();
    this.timer = setInterval(pass, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
