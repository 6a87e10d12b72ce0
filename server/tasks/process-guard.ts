// The process-level guard (issue 11): an error that escapes a job's promise must fail that task,
// not take the site down with every other visitor's work.
import { currentJob } from './job-scope';
import { logger } from '../log';

/**
 * An error no promise caught: when it came from a job's code (a converter's stream handler or
 * timer), that task fails and the site runs on; anywhere else the state is unknown, so the process
 * exits (after logging) for its supervisor to start it again.
 */
export function guardProcess(): void {
  process.on('uncaughtException', (error) => {
    const job = currentJob();
    if (job) {
      // The line carries the task id from the job's log context, still current here.
      logger.error({ err: error }, 'uncaught error in its job, the task fails');
      job.crash(error);
      return;
    }
    logger.fatal({ err: error }, 'uncaught error outside any job');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    const job = currentJob();
    if (job) {
      logger.error({ err: reason }, 'unhandled rejection in its job, the task fails');
      job.crash(reason);
      return;
    }
    logger.error({ err: reason }, 'unhandled rejection outside any job');
  });
}
