/** The middle value (the upper of the two middle ones for an even count); `whenEmpty` for none. */
export function median(values: readonly number[], whenEmpty = 0): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? whenEmpty;
}
