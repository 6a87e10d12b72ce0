// Free uses per tool and day (SPEC §1 "try-out and use-count mechanism"; the SPEC shows no
// numbers, these are ours): a guest gets 3 conversions of each tool a day, a logged-in user 10,
// a VIP member has no count. Guests are counted by their cookie and, so that clearing cookies does
// not reset the count, by their IP too, which gets more (offices and schools share an address).
// A failed task costs nothing; days run on China Standard Time. The server enforces these
// (server/usage); the pages show what is left.
export interface DailyUses {
  guest: number;
  user: number;
  /** All guests of one address together. */
  guestsPerIp: number;
}

export const DAILY_USES: DailyUses = { guest: 3, user: 10, guestsPerIp: 20 };

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The day a use counts on: YYYY-MM-DD in China Standard Time. */
export function useDay(at: Date = new Date()): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}
