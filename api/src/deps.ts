import type { Config } from './config.ts';
import type { Db } from './db/knex.ts';
import type { Logger } from './logger.ts';

/** Everything a route or service needs, built once by main.ts (or the test harness) and passed down. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  version: string;
}
