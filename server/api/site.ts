// The site-data calls of SPEC §7: clock, catalogue, friend links, visit counter, hot tools,
// adverts, client downloads, behaviour notes (and the payment funnel's reports, kept with them)
// and the query-to-cookie call.
import { jsonpCallback, sendJsonp } from '../http/jsonp';
import express from 'express';
import { z } from 'zod';
import {
  FEATURED_TOOL_IDS,
  HOT_TOOL_IDS,
  TOOL_GROUPS,
  secondMenu,
  toolsByIds,
  toolsOfGroup,
  type Tool,
} from '../../shared/catalogue';
import { COOKIE_DEFAULT_MAX_AGE_MS, QUERY_COOKIES } from '../../shared/constants';
import { fail, ok } from '../../shared/errors';
import { PAY_DOT_EVENTS } from '../../shared/pay-api';
import type { AuthenticatedRequest } from '../account/authenticate';
import { liveAdverts } from '../adverts/adverts';
import type { ApiDeps } from './deps';

const WEB_VISITS = 'web_visits';

/** SPEC §3 cookies the site may set from a query: the §5 four plus their aliases. */
const SETTABLE_COOKIES = [...QUERY_COOKIES, 'product_name', 'version'] as const;

const MSG = {
  badCallback: '回调函数名不合法',
  badPlatform: '平台参数不正确',
  badPosition: '广告位参数不正确',
  badBehavior: '行为记录参数不正确',
  badCookie: '不支持设置该Cookie',
  badReport: '上报参数不正确',
} as const;

// China has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact.
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time. */
function shanghaiDateTime(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const thousands = new Intl.NumberFormat('en-US');

const platformQuery = z.object({ platform: z.string().regex(/^[a-z0-9]{1,16}$/).default('web') });

const callbackQuery = z.object({ callback: jsonpCallback.optional() });

// Without a position the page gets every slot of its platform and picks for itself.
const advertQuery = platformQuery.extend({ position: z.coerce.number().int().min(1).max(999).optional() });

/** Ids arrive as strings or numbers depending on the page that sends them. */
const idText = (max: number) => z.union([z.string().max(max), z.number().int().nonnegative()]).transform(String);

/** Kept as text, bounded: a report carries ids and a little context, never a document. */
const noteExtra = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((v) => (v == null ? null : typeof v === 'string' ? v : JSON.stringify(v)))
    .pipe(z.string().max(max).nullable());

const behaviorBody = z.object({
  userId: idText(64).optional(),
  behaviorType: idText(64).pipe(z.string().min(1)),
  docId: idText(128).optional(),
  // Pages send text or a small object; both are kept as text.
  extra: noteExtra(2000),
});

// The funnel report's fields (shared/pay-api.ts); unknown keys are refused, not dropped, so a page
// sending something else is noticed.
const payDotBody = z
  .object({
    event: z.enum(PAY_DOT_EVENTS),
    productId: z.number().int().min(1).max(99_999_999).optional(),
    orderId: z.string().regex(/^[A-Za-z0-9]{1,40}$/).optional(),
    payType: z.enum(['wechat', 'alipay']).optional(),
    from: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/).optional(),
    extra: noteExtra(1000),
  })
  .strict();

const visitorUuid = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

const cookieQuery = z.object({ name: z.enum(SETTABLE_COOKIES), value: z.string().max(256).default('') });

function toolItem(tool: Tool) {
  return { id: tool.id, type: tool.type, title: tool.title, path: tool.path, summary: tool.summary };
}

// The catalogue is fixed at build time, so its two answers are computed once.
const HOME_SORT_LIST = TOOL_GROUPS.map((group) => {
  const menu = new Set(secondMenu(group.type).map((t) => t.id));
  const list = toolsOfGroup(group.type).map((t) => ({ ...toolItem(t), weight: t.weight, moreWeight: t.moreWeight, secondMenu: menu.has(t.id) }));
  return { type: group.type, title: group.title, list };
});

const HOT_FUNC_NAME = {
  hot: toolsByIds(HOT_TOOL_IDS).map(toolItem),
  featured: toolsByIds(FEATURED_TOOL_IDS).map(toolItem),
};

export function createSiteRouter(deps: ApiDeps): express.Router {
  const { db, config } = deps;
  const router = express.Router();

  router.get('/api/nowDateTime', (req, res) => {
    const query = callbackQuery.safeParse(req.query);
    if (!query.success) {
      res.status(400).json(fail(400, MSG.badCallback));
      return;
    }
    const now = Date.now();
    sendJsonp(res, ok({ now, dateTime: shanghaiDateTime(now) }), query.data.callback);
  });

  router.get('/v2/api/getHomeSortList', (req, res) => {
    if (!platformQuery.safeParse(req.query).success) {
      res.status(400).json(fail(400, MSG.badPlatform));
      return;
    }
    res.json(ok(HOME_SORT_LIST));
  });

  router.get('/api/getLink', async (_req, res) => {
    const links = await db.selectFrom('friend_link').select(['id', 'title', 'url']).orderBy('sort').orderBy('id').execute();
    res.json(ok(links));
  });

  router.get('/api/getWebVisits', async (_req, res) => {
    // One statement, so concurrent visits never read the same total; it also recreates the row.
    const { value } = await db
      .insertInto('site_counter')
      .values({ name: WEB_VISITS, value: 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('site_counter.value', '+', 1) })))
      .returning('value')
      .executeTakeFirstOrThrow();
    res.set('Cache-Control', 'no-store');
    res.json(ok({ count: value, display: thousands.format(value) }));
  });

  router.get('/v2/api/getHotFuncName', (_req, res) => {
    res.json(ok(HOT_FUNC_NAME));
  });

  router.get('/api/getAdvertising', async (req, res) => {
    const query = advertQuery.safeParse(req.query);
    if (!query.success) {
      res.status(400).json(fail(400, MSG.badPosition));
      return;
    }
    const { platform, position } = query.data;
    const adverts = await liveAdverts(db, platform, position);
    res.json(ok(adverts));
  });

  router.get('/v2/api/getClientDownList', async (_req, res) => {
    const clients = await db
      .selectFrom('client_download')
      .select(['id', 'platform', 'name', 'version', 'url', 'size', 'description'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
    res.json(ok(clients));
  });

  const noteBehavior = async (req: express.Request, note: { userId: string | null; behaviorType: string; docId: string | null; extra: string | null }) => {
    const uuid = visitorUuid.safeParse(req.cookies?.UUID);
    await db
      .insertInto('behavior_note')
      .values({
        user_id: note.userId,
        behavior_type: note.behaviorType,
        doc_id: note.docId,
        extra: note.extra,
        visitor_uuid: uuid.success ? uuid.data : null,
        created_at: Date.now(),
      })
      .execute();
  };

  router.post('/behavior/takeNoteBehavior', async (req, res) => {
    const body = behaviorBody.safeParse(req.body);
    if (!body.success) {
      res.status(400).json(fail(400, MSG.badBehavior));
      return;
    }
    await noteBehavior(req, { userId: body.data.userId ?? null, behaviorType: body.data.behaviorType, docId: body.data.docId ?? null, extra: body.data.extra });
    res.json(ok(null));
  });

  // The payment funnel (guests too): kept as behaviour notes of type orderDot.<event>, with the
  // order as the note's document and the user from the login, not from the body.
  router.post('/v2/orderDot/dataReport', async (req, res) => {
    const body = payDotBody.safeParse(req.body);
    if (!body.success) {
      res.status(400).json(fail(400, MSG.badReport));
      return;
    }
    const { event, orderId, extra, ...context } = body.data;
    const user = (req as AuthenticatedRequest).user;
    await noteBehavior(req, {
      userId: user ? String(user.id) : null,
      behaviorType: `orderDot.${event}`,
      docId: orderId ?? null,
      extra: JSON.stringify({ ...context, ...(extra === null ? {} : { extra }) }),
    });
    res.json(ok(null));
  });

  router.get('/api/setCookieValue', (req, res) => {
    const query = cookieQuery.safeParse(req.query);
    if (!query.success) {
      res.status(400).json(fail(400, MSG.badCookie));
      return;
    }
    // SPEC §5: only letters, digits and underscore survive; nothing left means the default 0.
    const value = query.data.value.replace(/[^A-Za-z0-9_]/g, '').slice(0, 64) || '0';
    // Not httpOnly: the pages read agent and MD to build the payment address (SPEC §9).
    res.cookie(query.data.name, value, {
      maxAge: COOKIE_DEFAULT_MAX_AGE_MS,
      path: '/',
      sameSite: 'lax',
      secure: config.publicOrigin.startsWith('https:'),
    });
    res.json(ok({ name: query.data.name, value }));
  });

  return router;
}
