// Speech minutes charged by the speech tools (server/usage/speech-minutes.ts) on SQLite and
// PostgreSQL, with the real grants of server/pay and real recordings measured by ffprobe. No speech
// model can be installed here, so the built server refuses the speech tools before any charge:
// the charge is tested at the service that the task submit calls.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Commerce } from '../../server/pay/service';
import { SpeechMinutes } from '../../server/usage/speech-minutes';
import { TaskRefusal } from '../../server/tasks/errors';
import type { Visitor } from '../../server/tasks/visitor';
import { DB_MODES, openTestDb, type TestDb } from '../support/db';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'speech-minutes-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A silent mono MP3 of `seconds`, small at 8 kb/s. */
function recording(seconds: number): string {
  const file = path.join(scratch, `${seconds}s.mp3`);
  if (!fs.existsSync(file)) execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', String(seconds), '-c:a', 'libmp3lame', '-b:a', '8k', file]);
  return file;
}

describe.each(DB_MODES)('speech minutes on %s', (mode) => {
  let testDb: TestDb;
  let commerce: Commerce;
  let minutes: SpeechMinutes;
  let nextUser = 1000;

  beforeAll(async () => {
    testDb = await openTestDb(mode);
    commerce = new Commerce(testDb.config, testDb.db, 'speech-minutes-secret');
    minutes = new SpeechMinutes(testDb.db, commerce.packUses);
  });
  afterAll(async () => testDb?.close());

  const user = (): Visitor => ({ owner: `u:${nextUser++}`, tier: 'user', ip: '198.51.100.7' });
  const userId = (visitor: Visitor) => Number(visitor.owner.slice(2));
  /** A speech pack of `quantity` minutes for the user, expiring in `days`. */
  const grant = async (visitor: Visitor, quantity: number, days = 30) => {
    const now = Date.now();
    const id = crypto.randomUUID();
    await testDb.db.insertInto('grants').values({ id, user_id: userId(visitor), order_id: null, kind: 'speech', quantity, used: 0, starts_at: now - 1000, expires_at: now + days * 86_400_000, created_at: now }).execute();
    return id;
  };
  const left = (visitor: Visitor) => commerce.entitlements.remaining(userId(visitor), 'speech');

  test('a recording’s minutes, rounded up, are taken when the task is made and given back once when it fails', async () => {
    const visitor = user();
    await grant(visitor, 200);
    const charge = await minutes.reserve(visitor, 'voice-to-word', [[recording(130)]]);
    expect(charge).toBeDefined();
    expect(await left(visitor)).toBe(197);
    await charge!.use('task-a');
    await charge!.release();
    expect(await testDb.db.selectFrom('minute_charges').select(['task_id', 'minutes']).where('task_id', '=', 'task-a').execute()).toEqual([{ task_id: 'task-a', minutes: 3 }]);
    await minutes.refund('task-a');
    await minutes.refund('task-a');
    expect(await left(visitor)).toBe(200);
  });

  test('the soonest-expiring grant pays first, and one charge may span two grants', async () => {
    const visitor = user();
    const soon = await grant(visitor, 2, 3);
    const later = await grant(visitor, 10, 300);
    const charge = await minutes.reserve(visitor, 'voice-translation', [[recording(130)]]);
    await charge!.use('task-b');
    const rows = await testDb.db.selectFrom('minute_charges').select(['grant_id', 'minutes']).where('task_id', '=', 'task-b').orderBy('minutes', 'desc').execute();
    expect(rows).toEqual([{ grant_id: soon, minutes: 2 }, { grant_id: later, minutes: 1 }]);
    expect(await left(visitor)).toBe(9);
  });

  test('a charge made but never used for a task is given back by release', async () => {
    const visitor = user();
    await grant(visitor, 20);
    const charge = await minutes.reserve(visitor, 'voice-to-word', [[recording(130)], [recording(61)]]);
    expect(await left(visitor)).toBe(15);
    await charge!.use('task-c');
    await charge!.release();
    expect(await left(visitor)).toBe(17);
  });

  test('without enough minutes: a short recording goes to the free uses, a long one is refused in Chinese', async () => {
    const visitor = user();
    await grant(visitor, 2);
    expect(await minutes.reserve(visitor, 'voice-to-word', [[recording(130)]])).toBeUndefined();
    expect(await left(visitor)).toBe(2);
    const refusal = await minutes.reserve(visitor, 'voice-to-word', [[recording(361)]]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TaskRefusal);
    expect(refusal).toMatchObject({ status: 402, message: '本次音频约 7 分钟，免费试用仅支持 5 分钟以内的录音，您剩余的 2 分钟转写时长不足；购买语音转写时长或开通会员后即可转写' });
    expect(await left(visitor)).toBe(2);

    const guest: Visitor = { owner: 'v:6f1e1c1e-0000-4000-8000-000000000001', tier: 'guest', ip: '198.51.100.8' };
    expect(await minutes.reserve(guest, 'voice-to-word', [[recording(61)]])).toBeUndefined();
    await expect(minutes.reserve(guest, 'voice-to-word', [[recording(361)]])).rejects.toMatchObject({ status: 402, message: '本次音频约 7 分钟，免费试用仅支持 5 分钟以内的录音；购买语音转写时长或开通会员后即可转写' });
    // Other tools are not the speech tools' business.
    expect(await minutes.reserve(visitor, 'audio-to-audio', [[recording(361)]])).toBeUndefined();
  });

  test('two charges at once cannot spend the same minutes', async () => {
    const visitor = user();
    await grant(visitor, 10);
    const results = await Promise.allSettled([minutes.reserve(visitor, 'voice-to-word', [[recording(361)]]), minutes.reserve(visitor, 'voice-to-word', [[recording(361)]])]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await left(visitor)).toBe(3);
  });
});
