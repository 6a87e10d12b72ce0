// The points calls of SPEC §7 (the paths as SPEC names them, on whichever host): the user's
// records (getIntegralRecord), balance with the tasks (integralDetails), the header's summary
// (getUserVipIntegral), whether a task was received (getExistRecord), receiving it
// (receiveIntegral) and spending points (exchangeIntegral, ours: SPEC shows no redeem call).
// All of them are a logged-in user's: a guest is answered 401.
import express, { type NextFunction, type Request, type Response } from 'express';
import { fail, ok } from '../../shared/errors';
import { pageRequest } from '../../shared/paging';
import type { UserVipIntegral } from '../../shared/points';
import type { AuthenticatedRequest } from '../account/authenticate';
import { POINTS_MESSAGES } from './messages';
import { PointsRefusal } from './refusal';
import type { Points } from './service';

type Handler = (req: AuthenticatedRequest, res: Response, userId: number) => Promise<void>;

export function createPointsRouter(points: Points): express.Router {
  const router = express.Router();

  const handle = (work: Handler) => (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    const user = (req as AuthenticatedRequest).user;
    const done = user ? work(req as AuthenticatedRequest, res, user.id) : Promise.reject(new PointsRefusal(401, POINTS_MESSAGES.notLoggedIn));
    done.catch((error: unknown) => {
      if (error instanceof PointsRefusal) res.status(error.status).json(fail(error.status, error.message));
      else next(error);
    });
  };

  router.get('/user/getIntegralRecord', handle(async (req, res, userId) => {
    const { page, size } = pageRequest(req.query.page, req.query.size);
    res.json(ok(await points.records(userId, page, size)));
  }));

  router.get('/vip/integral/user/integralDetails', handle(async (_req, res, userId) => {
    const [balance, tasks] = await Promise.all([points.balance(userId), points.tasks(userId)]);
    res.json(ok({ ...balance, today: points.today(), tasks }));
  }));

  router.get('/user/getUserVipIntegral', handle(async (req, res, userId) => {
    const [balance, signIn] = await Promise.all([points.balance(userId), points.existRecord(userId, 'signIn')]);
    const answer: UserVipIntegral = { ...balance, isVip: Boolean(req.user?.vip), expireTime365: req.user?.vipUntil ?? null, signedToday: signIn.received };
    res.json(ok(answer));
  }));

  router.get('/integral/getExistRecord', handle(async (req, res, userId) => {
    res.json(ok(await points.existRecord(userId, req.query.taskType)));
  }));

  router.get('/integral/receiveIntegral', handle(async (req, res, userId) => {
    res.json(ok(await points.receive(userId, req.query.taskType)));
  }));

  // A spend changes data: POST only, so a prefetch or a crawler cannot spend anyone's points.
  router.post('/integral/exchangeIntegral', handle(async (_req, res, userId) => {
    res.json(ok(await points.redeemPhoto(userId)));
  }));

  return router;
}
