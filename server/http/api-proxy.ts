// With API_ORIGIN set, the SSR server forwards the API paths there instead of mounting them
// (cookies and the authorization header go along as sent); an unreachable or slow API answers
// with the SPEC §8 envelope so the client shows the right message.
import type { RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { GROUP_SUBMIT_TIMEOUT_MS, isApiPath } from '../../shared/constants';
import { fail, httpStatusMessage } from '../../shared/errors';

export function apiProxy(apiOrigin: string): RequestHandler {
  return createProxyMiddleware({
    target: apiOrigin,
    changeOrigin: true,
    xfwd: true,
    pathFilter: (path) => isApiPath(path),
    // The longest call (group submit) may take 100 s; give the upstream a little more.
    proxyTimeout: GROUP_SUBMIT_TIMEOUT_MS + 10_000,
    on: {
      error(error, _req, res) {
        const status = (error as NodeJS.ErrnoException).code === 'ECONNRESET' || /timeout/i.test(error.message) ? 504 : 502;
        const response = res as Response;
        if (!response.headersSent) response.status(status).json(fail(status, httpStatusMessage(status)));
      },
    },
  }) as RequestHandler;
}
