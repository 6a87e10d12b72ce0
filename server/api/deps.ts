// What the API routers are given: config, the data layer, the account and task services.
import type { AccountService } from '../account/service';
import type { Config } from '../config';
import type { Db } from '../db';
import type { FeedbackService } from '../feedback/service';
import type { Commerce } from '../pay/service';
import type { TaskService } from '../tasks/service';

export interface ApiDeps {
  config: Config;
  db: Db;
  tasks: TaskService;
  /** The embedded account service; tests of other groups may leave it out (everyone is then a guest). */
  accounts?: AccountService;
  /** Orders, payments and what they granted; without it nobody is VIP. */
  commerce?: Commerce;
  /** /yijian/'s entries (server/feedback); tests of other groups may leave it out. */
  feedback?: FeedbackService;
}
