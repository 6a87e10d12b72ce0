// The API's share of the URL space (shared/constants isApiPath): page requests skip its body
// parsers and routers, and an API path nobody answered gets the JSON envelope, not a page.
import express, { type RequestHandler } from 'express';
import { isApiPath } from '../../shared/constants';
import { fail, httpStatusMessage } from '../../shared/errors';

export function onlyApiPaths(...handlers: RequestHandler[]): RequestHandler {
  const api = express.Router().use(handlers);
  return (req, res, next) => (isApiPath(req.path) ? api(req, res, next) : next());
}

export function apiNotFound(): RequestHandler {
  return (req, res, next) => {
    if (!isApiPath(req.path)) return next();
    res.status(404).json(fail(404, httpStatusMessage(404)));
  };
}
