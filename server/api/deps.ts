// What the API routers are given: config and the data layer (and later the task services).
import type { Config } from '../config';
import type { Db } from '../db';

export interface ApiDeps {
  config: Config;
  db: Db;
}
