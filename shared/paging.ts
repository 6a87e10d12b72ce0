// The list pager of SPEC §9, shared by the pages' Pager and the calls that page (orders,
// conversion history, points records): 10 a page, with 10–100 to choose from.
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The last page a list call will serve: far beyond any real list, short of absurd offsets. */
export const MAX_PAGE = 10_000;

/** A page and size from a query, made sensible rather than refused: page 1…MAX_PAGE, a size of the list. */
export function pageRequest(page: unknown, size: unknown): { page: number; size: number } {
  return {
    page: Math.max(1, Math.min(MAX_PAGE, Number.parseInt(String(page ?? '1'), 10) || 1)),
    size: (PAGE_SIZES as readonly number[]).includes(Number(size)) ? Number(size) : DEFAULT_PAGE_SIZE,
  };
}
