// Last-resort error answers (SPEC §8): API paths get the JSON envelope, pages a plain page
// with the message and the status (default 500). Details go to the log, never to the visitor.
import type { ErrorRequestHandler } from 'express';
import { isApiPath } from '../../shared/constants';
import { fail, httpStatusMessage } from '../../shared/errors';
import { escapeHtml } from '../../shared/head';
import { isDatabaseUnavailable } from '../db/unavailable';
import { logger } from '../log';

export const BODY_TOO_LARGE_MESSAGE = '提交的内容过大，请精简后再试';
export const DATABASE_UNAVAILABLE_MESSAGE = '服务暂时不可用，请稍后再试';

export function errorHandler(): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const unavailable = isDatabaseUnavailable(error);
    const status = unavailable ? 503 : Number.isInteger(error?.status) && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) logger.error({ err: error, method: req.method, url: req.originalUrl.split('?')[0] }, unavailable ? 'database unavailable' : 'request failed');
    if (res.headersSent) return;
    if (unavailable) res.setHeader('Retry-After', '5');
    // body-parser's refusal of a body over its limit: say what it is rather than SPEC's generic 连接错误413.
    const message = unavailable ? DATABASE_UNAVAILABLE_MESSAGE : error?.type === 'entity.too.large' ? BODY_TOO_LARGE_MESSAGE : httpStatusMessage(status);
    if (isApiPath(req.path)) {
      res.status(status).json(fail(status, message));
      return;
    }
    res
      .status(status)
      .type('html')
      .send(`<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>${status} ${escapeHtml(message)}</title></head><body style="font-family:sans-serif;text-align:center;padding:80px 20px"><h1>${status}</h1><p>${escapeHtml(message)}</p><p><a href="/">返回首页</a></p></body></html>`);
  };
}
