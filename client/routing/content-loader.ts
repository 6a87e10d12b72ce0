// The content pages' loader (help, news, tags): their data comes from a ContentSource — the
// server's own (passed as the render's request context) while rendering, the content calls on
// client navigation. An unknown article, tag or page number is a real 404 (never page-cached:
// server/http/pages.ts caches 200s only); page 1 spelled out redirects to the list's address.
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { ContentSource, ContentView } from '../../shared/articles';
import { NOT_FOUND_MESSAGE } from '../../shared/pages';
import { httpContentSource } from '../api/content';

const overHttp = httpContentSource();

export async function contentLoader({ request, context }: LoaderFunctionArgs): Promise<ContentView> {
  const url = new URL(request.url);
  const source = (context as { content?: ContentSource } | undefined)?.content ?? overHttp;
  const answer = await source.page(url.pathname, Number(url.searchParams.get('size')) || 0);
  if (answer.kind === 'redirect') throw redirect(answer.location + url.search, 301);
  if (answer.kind === 'missing') throw data(NOT_FOUND_MESSAGE, { status: 404 });
  return answer.data;
}
