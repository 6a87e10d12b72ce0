// Structured request logs (pino) with a request id on every line and in the X-Request-Id response
// header (an id sent by the edge or a proxy is kept when it looks like one). Calls are logged;
// pages and static files are not (the edge's access log has them, and a page-cache hit stays cheap).
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { logger, withLogFields } from '../log';
import { routeGroup } from './metrics';

const GIVEN_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's own log line, then its id bound to every line logged while it is handled. */
export function requestLog(): RequestHandler[] {
  const bindId = (req: Request, _res: Response, next: NextFunction) => withLogFields({ reqId: String(req.id) }, next);
  return [accessLog(), bindId];
}

function accessLog() {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : crypto.randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req: IncomingMessage) => ['static', 'page', '/healthz', '/readyz', '/metrics'].includes(routeGroup((req.url ?? '/').split('?')[0])) },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    // Cookies and the bearer token stay out of the log.
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({ id: req.id, method: req.method, url: req.url.split('?')[0], remoteAddress: req.remoteAddress }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
