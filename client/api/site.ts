// The site-data calls of SPEC §7. SPEC leaves most payloads "not shown"; these shapes are the
// ones server/api/site.ts answers with, inside the usual {ret, msg, data} envelope.
import type { Advert } from '../../shared/adverts';
import type { Tool, ToolType } from '../../shared/catalogue';
import type { ApiResponse } from '../../shared/errors';
import { http, settleEnvelope } from './http-client';
import { jsonp } from './jsonp';

const PLATFORM = 'web';

/** A catalogue row as the home page and menus need it (SPEC §3 tool catalogue item). */
export type CatalogueItem = Pick<Tool, 'id' | 'path' | 'type' | 'title' | 'summary' | 'weight' | 'moreWeight' | 'secondMenu'>;

export interface CatalogueGroup {
  type: ToolType;
  title: string;
  list: CatalogueItem[];
}

export interface HotFunctions {
  hot: CatalogueItem[];
  featured: CatalogueItem[];
}

export interface FriendLink {
  id: number;
  title: string;
  url: string;
}

export interface WebVisits {
  count: number;
  /** The count with thousand separators. */
  display: string;
}

export type { Advert };

export interface ClientDownload {
  id: number;
  platform: string;
  name: string;
  version: string;
  url: string;
  size: string;
  description: string;
}

export interface BehaviorNote {
  userId?: string | number;
  behaviorType: string | number;
  docId?: string | number;
  /** Text, or a small object the server stores as JSON text. */
  extra?: string | Readonly<Record<string, unknown>>;
}

export interface ServerTime {
  /** Epoch milliseconds. */
  now: number;
  /** 'YYYY-MM-DD HH:mm:ss', Beijing time. */
  dateTime: string;
}

export function getHomeSortList(): Promise<CatalogueGroup[]> {
  return http.request<CatalogueGroup[]>('/v2/api/getHomeSortList', { params: { platform: PLATFORM }, cache: true });
}

export function getHotFuncName(): Promise<HotFunctions> {
  return http.request<HotFunctions>('/v2/api/getHotFuncName', { cache: true });
}

// SPEC §7: failures of links, visits, adverts and the client list are silently ignored, so these
// settle to an empty answer instead of rejecting.

export async function getLink(): Promise<FriendLink[]> {
  return (await http.request<FriendLink[]>('/api/getLink', { silent: true, cache: true })) ?? [];
}

/** The visit count, or undefined when it could not be read (the page then hides it). */
export function getWebVisits(): Promise<WebVisits | undefined> {
  return http.request<WebVisits>('/api/getWebVisits', { silent: true });
}

/** Without a position, every slot of the platform (the page picks). */
export async function getAdvertising(position?: number): Promise<Advert[]> {
  const params = { platform: PLATFORM, position };
  return (await http.request<Advert[]>('/api/getAdvertising', { params, silent: true })) ?? [];
}

export async function getClientDownList(): Promise<ClientDownload[]> {
  return (await http.request<ClientDownload[]>('/v2/api/getClientDownList', { silent: true, cache: true })) ?? [];
}

export async function takeNoteBehavior(note: BehaviorNote): Promise<void> {
  await http.request<unknown>('/behavior/takeNoteBehavior', { method: 'POST', json: note });
}

/** The server's clock, fetched by JSONP as SPEC §7 lists it. */
export async function nowDateTime(): Promise<ServerTime> {
  const body = await jsonp<ApiResponse<ServerTime>>('/api/nowDateTime');
  return settleEnvelope(body) as ServerTime;
}
