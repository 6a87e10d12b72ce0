// A listener's job folder, the only place documents exist inside its sandbox (sandbox.ts). A job's
// input is hard-linked in (copied when it lives on another file system) under its own name, since
// LibreOffice picks import filters by extension; LibreOffice writes the output next to it, and the
// output is moved out to where the caller asked. The folder is emptied after every job and before
// a listener starts, so a document never finds another job's files there.
import { copyFile, link, mkdir, readdir, realpath, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { OfficeJob } from './office-job';
import { SANDBOX_JOB_DIR } from './sandbox';

export class JobFolder {
  private constructor(readonly dir: string) {}

  /** An empty folder at `dir` (whatever an earlier listener left there is removed). */
  static async create(dir: string): Promise<JobFolder> {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return new JobFolder(dir);
  }

  /** Puts the job's input in the folder; returns the job as the sandbox sees it. */
  async stage(job: OfficeJob): Promise<OfficeJob> {
    const inputName = path.basename(job.input);
    await mkdir(path.join(this.dir, 'input'));
    await mkdir(path.join(this.dir, 'output'));
    const staged = path.join(this.dir, 'input', inputName);
    // Converters hand symlinks to the stored upload: link the file itself.
    await link(await realpath(job.input), staged).catch(() => copyFile(job.input, staged));
    return {
      ...job,
      input: path.posix.join(SANDBOX_JOB_DIR, 'input', inputName),
      output: path.posix.join(SANDBOX_JOB_DIR, 'output', path.basename(job.output)),
    };
  }

  /** Moves the output LibreOffice wrote for `job` to `job.output`. */
  async collect(job: OfficeJob): Promise<void> {
    const written = path.join(this.dir, 'output', path.basename(job.output));
    await rename(written, job.output).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await copyFile(written, job.output);
    });
  }

  /** Removes everything a job left; the folder itself stays, as the sandbox has it mounted. */
  async empty(): Promise<void> {
    const entries = await readdir(this.dir);
    await Promise.all(entries.map((entry) => rm(path.join(this.dir, entry), { recursive: true, force: true })));
  }
}
