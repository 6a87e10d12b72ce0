// Folders a process keeps for itself under a DATA_DIR shared with others (job-child exchanges,
// LibreOffice profiles) are named <host>-<pid>. A process killed outright (kill -9) leaves its
// folder behind; a process starting on the same host removes those of processes that are gone.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** This process's folder name under such a parent. */
export function processDirName(): string {
  return `${os.hostname()}-${process.pid}`;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds the pid; not ours to judge.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the folders under `parent` of this host's processes that no longer run (another host's are left alone). */
export async function removeDeadProcessDirs(parent: string): Promise<void> {
  const host = os.hostname();
  for (const entry of await fsp.readdir(parent).catch(() => [] as string[])) {
    const match = /^(.+)-(\d+)$/.exec(entry);
    if (!match || match[1] !== host) continue;
    const pid = Number(match[2]);
    if (pid !== process.pid && !running(pid)) await fsp.rm(path.join(parent, entry), { recursive: true, force: true });
  }
}
