// Points (积分, issue 13, SPEC §2 /myintegral/ and /task/, §7 the integral calls). SPEC names the
// calls but shows neither the tasks nor the numbers; these are ours:
// - Tasks, each rewarded once per user (server/points keeps one row per reward, and the table's
//   unique key (user_id, task) refuses a second): the daily sign-in once per China Standard Time
//   day (its row's task carries the day), the others once ever, and only once done: a first
//   finished conversion (the tasks table), a first paid order.
// - A paid order also earns 1 point per whole yuan paid, written with its grants (server/pay).
// - Spending is a negative record, so the balance is the sum of the user's records.
// - What points buy: one ID-photo download (the use a photo pack holds) for REDEEM_PHOTO.points.
// The server and the pages both read this table.

export type PointsTaskType = 'signIn' | 'newcomer' | 'firstConvert' | 'firstPay';

export interface PointsTask {
  taskType: PointsTaskType;
  title: string;
  desc: string;
  points: number;
  /** Once per CST day rather than once ever. */
  daily: boolean;
  /** Where the page sends a user who has not done the task yet (去完成). */
  todoPath?: string;
}

export const POINTS_TASKS: readonly PointsTask[] = [
  { taskType: 'signIn', title: '每日签到', desc: '每天签到一次，积分天天领', points: 10, daily: true },
  { taskType: 'newcomer', title: '新人礼包', desc: '注册登录即可领取', points: 20, daily: false },
  { taskType: 'firstConvert', title: '首次完成文件转换', desc: '成功转换任意一个文件', points: 30, daily: false, todoPath: '/pdf-to-word/' },
  { taskType: 'firstPay', title: '首次开通会员', desc: '首次开通会员或购买次数包', points: 100, daily: false, todoPath: '/xiezai-huodong/' },
];

export function pointsTask(taskType: unknown): PointsTask | undefined {
  return POINTS_TASKS.find((t) => t.taskType === taskType);
}

/** Points a paid order earns: one per whole yuan. */
export function pointsForOrder(amountFen: number): number {
  return Math.floor(amountFen / 100);
}

/** The record task of a paid order's points: unique, so a re-settled order earns once. */
export const orderPointsTask = (orderId: string): string => `order:${orderId}`;

/** What points buy: one ID-photo download, valid as long as a pack's use (a year). */
export const REDEEM_PHOTO = { title: '兑换证件照下载 1 次', points: 200, uses: 1, validDays: 365 } as const;

/** A task as the calls show it: received today (daily) or ever; available to receive; or still to do. */
export type PointsTaskState = 'received' | 'available' | 'todo';

export interface PointsTaskView extends PointsTask {
  state: PointsTaskState;
  receiveTime: number | null;
}

export interface PointsBalance {
  balance: number;
  earned: number;
  spent: number;
}

export interface PointsRecordView {
  id: string;
  taskType: string;
  title: string;
  /** Negative when spent. */
  points: number;
  createTime: number;
}

export interface PointsRecordPage {
  total: number;
  page: number;
  size: number;
  list: PointsRecordView[];
}

export interface IntegralDetails extends PointsBalance {
  /** The CST day the daily states are for (YYYY-MM-DD). */
  today: string;
  tasks: PointsTaskView[];
}

export interface UserVipIntegral extends PointsBalance {
  isVip: boolean;
  expireTime365: number | null;
  signedToday: boolean;
}

export interface ReceiveAnswer {
  taskType: PointsTaskType;
  points: number;
  balance: number;
  record: PointsRecordView;
}
