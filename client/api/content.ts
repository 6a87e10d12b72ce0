// Content pages over HTTP (server/articles/router.ts): the browser's loaders on client navigation
// (origin ''), and a site server whose API runs behind API_ORIGIN (that origin).
import { CONTENT_INDEX_CALL, CONTENT_PAGE_CALL, type ArticleIndex, type ContentAnswer, type ContentSource } from '../../shared/articles';
import type { ApiResponse } from '../../shared/errors';


async function getJson<T>(url: string): Promise<{ status: number; body?: ApiResponse<T> }> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (res.status === 404) return { status: 404 };
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { status: res.status, body: (await res.json()) as ApiResponse<T> };
}

export function httpContentSource(origin = ''): ContentSource {
  return {
    async page(path, size) {
      const query = new URLSearchParams({ path, ...(size ? { size: String(size) } : {}) });
      const answer = await getJson<ContentAnswer>(`${origin}${CONTENT_PAGE_CALL}?${query}`);
      return answer.status === 404 || !answer.body?.data ? { kind: 'missing' } : answer.body.data;
    },
    async index() {
      const answer = await getJson<ArticleIndex>(`${origin}${CONTENT_INDEX_CALL}`);
      return answer.body?.data ?? { articles: [], lists: [] };
    },
  };
}
