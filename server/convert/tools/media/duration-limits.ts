// How long a recording each visitor tier may convert (SPEC leaves limits "not shown"; ours). Size
// limits come from the catalogue; duration bounds the work a small file can still cause (a long,
// low-bitrate recording is small but takes long to re-encode).
import { ConvertError } from '../../errors';
import type { Tier } from '../../types';
import { tooLong } from './messages';

export const MAX_DURATION_SECONDS: Record<Tier, number> = {
  guest: 10 * 60,
  user: 60 * 60,
  vip: 4 * 60 * 60,
};

export function checkDuration(durationSeconds: number, tier: Tier): void {
  const limit = MAX_DURATION_SECONDS[tier];
  if (durationSeconds > limit) throw new ConvertError(tooLong(limit));
}
