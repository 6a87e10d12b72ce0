// Query strings and url-encoded forms for the API client and JSONP: null/undefined values are
// left out and keys sorted, so the same request always spells the same URL (and cache entry).

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

export function toSearchParams(params: QueryParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  return search;
}

export function withQuery(url: string, params: QueryParams = {}): string {
  const query = toSearchParams(params).toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
