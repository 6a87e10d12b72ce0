// What the API routers are given: config, the data layer and the task service.
import type { Config } from '../config';
import type { Db } from '../db';
import type { TaskService } from '../tasks/service';

export interface ApiDeps {
  config: Config;
  db: Db;
  tasks: TaskService;
}
