// The speech tools' charge (shared/speech-minutes.ts holds the rule): a recording's minutes are
// taken from the user's speech grants when the task is created, recorded per grant in
// minute_charges and given back if the task fails or is cancelled before its result. A visitor
// holding too few minutes falls back to the day's free uses for a recording up to the free
// length, and meets a 402 for a longer one.
import { FREE_SPEECH_SECONDS, SPEECH_TOOLS, speechMinutes } from '../../shared/speech-minutes';
import type { Db } from '../db';
import { probeMedia } from '../convert/engines/ffmpeg-probe';
import { TaskRefusal } from '../tasks/errors';
import type { Visitor } from '../tasks/visitor';
import type { PackUses, UseGrant } from './allowance';
import { USAGE_MESSAGES } from './messages';

type Charge = { grantId: string; amount: number }[];

export class SpeechMinutes {
  constructor(
    private readonly db: Db,
    private readonly packs?: PackUses,
  ) {}

  /**
   * For a speech tool: the minutes each batch of files costs, taken now (a grant whose use() records
   * them against the task), or undefined when the day's free uses pay (no minutes held, a short
   * recording); a long recording without the minutes is refused. Other tools: undefined.
   */
  async reserve(visitor: Visitor, tool: string, batches: readonly string[][], signal?: AbortSignal): Promise<UseGrant | undefined> {
    if (!SPEECH_TOOLS.has(tool)) return undefined;
    // A file ffprobe cannot read is the converter's to refuse; here it counts as no time (the free use pays, and a failure gives it back).
    const duration = (file: string) => probeMedia(file, { signal }).then((info) => info.durationSeconds, () => 0);
    const seconds = await Promise.all(batches.map(async (files) => (await Promise.all(files.map(duration))).reduce((a, b) => a + b, 0)));
    const minutes = seconds.map(speechMinutes);
    const userId = visitor.owner.startsWith('u:') ? Number(visitor.owner.slice(2)) : NaN;
    const charges: Charge[] = [];
    if (this.packs && Number.isSafeInteger(userId)) {
      for (const cost of minutes) {
        const charge = await this.packs.takeMinutes(userId, cost);
        if (!charge) break;
        charges.push(charge);
      }
      if (charges.length < minutes.length) {
        await this.giveBack(charges.flat());
        charges.length = 0;
      }
    }
    if (charges.length === 0) {
      const longest = Math.max(...seconds);
      if (longest > FREE_SPEECH_SECONDS) throw new TaskRefusal(402, USAGE_MESSAGES.speechTooLong(FREE_SPEECH_SECONDS / 60, speechMinutes(longest), await this.held(userId)));
      return undefined;
    }
    return {
      use: async (taskId) => {
        const charge = charges.shift();
        if (!charge?.length) return;
        const at = Date.now();
        await this.db
          .insertInto('minute_charges')
          .values(charge.map((part) => ({ task_id: taskId, grant_id: part.grantId, minutes: part.amount, refunded: 0, created_at: at })))
          .execute();
      },
      release: async () => this.giveBack(charges.splice(0).flat()),
    };
  }

  /** The task failed or was cancelled before its result: each grant gets its minutes back, once. */
  async refund(taskId: string): Promise<void> {
    const rows = await this.db.selectFrom('minute_charges').select(['grant_id', 'minutes']).where('task_id', '=', taskId).where('refunded', '=', 0).execute();
    for (const row of rows) {
      const marked = await this.db.updateTable('minute_charges').set({ refunded: 1 }).where('task_id', '=', taskId).where('grant_id', '=', row.grant_id).where('refunded', '=', 0).executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 1) await this.packs?.giveBackMinutes(row.grant_id, Number(row.minutes));
    }
  }

  private async giveBack(parts: Charge): Promise<void> {
    for (const part of parts) await this.packs?.giveBackMinutes(part.grantId, part.amount);
  }

  /** What the user holds now, for the refusal's message (0 for a guest). */
  private async held(userId: number): Promise<number> {
    return Number.isSafeInteger(userId) && this.packs ? this.packs.minutesLeft(userId) : 0;
  }
}
