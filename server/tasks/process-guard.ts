// The process-level guard (issue 11): an error that escapes a job's promise must fail that task,
// not take the site down with every other visitor's work.
import { currentJob } from './job-scope';

/**
 * An error no promise caught: when it came from a job's code (a converter's stream handler or
 * timer), that task fails and the site runs on; anywhere else the state is unknown, so the process
 * exits (after logging) for its supervisor to start it again.
 */
export function guardProcess(): void {
  process.on('uncaughtException', (error) => {
    const job = currentJob();
    if (job) {
      console.error(`task ${job.taskId}: uncaught error in its job, the task fails:`, error);
      job.crash(error);
      return;
    }
    console.error('uncaught error outside any job:', error);
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    const job = currentJob();
    if (job) {
      console.error(`task ${job.taskId}: unhandled rejection in its job, the task fails:`, reason);
      job.crash(reason);
      return;
    }
    console.error('unhandled rejection outside any job:', reason);
  });
}
