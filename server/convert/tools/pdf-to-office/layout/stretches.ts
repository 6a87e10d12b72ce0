// Items (characters or runs) in stretches of one thing they belong to: a fraction's, a matrix's.

/** A stretch of items that share `of`, or a lone item that belongs to nothing (`of` undefined). */
export interface Stretch<T, K> {
  of?: K;
  items: T[];
}

/** The items in order, each maximal stretch with one `belongsTo` together, every other item alone. */
export function stretches<T, K>(items: readonly T[], belongsTo: (item: T) => K | undefined): Stretch<T, K>[] {
  const result: Stretch<T, K>[] = [];
  for (const item of items) {
    const of = belongsTo(item);
    const last = result.at(-1);
    if (of !== undefined && last?.of === of) last.items.push(item);
    else result.push({ ...(of !== undefined && { of }), items: [item] });
  }
  return result;
}
