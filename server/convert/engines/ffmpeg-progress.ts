// Reads the key=value blocks `ffmpeg -progress <file>` appends while it works. The engine runner
// collects stdout only at the end, so ffmpeg writes progress to a file in the job's work dir that
// is polled from where the last read stopped.
import { open } from 'node:fs/promises';

const POLL_INTERVAL_MS = 500;

/** Output time in seconds from progress lines (`out_time_us`; `out_time_ms` is microseconds too). */
export function outTimeSeconds(line: string): number | undefined {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
  return match ? Number(match[1]) / 1_000_000 : undefined;
}

export class ProgressFileWatcher {
  private offset = 0;
  private partialLine = '';
  private polling = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly file: string,
    private readonly onOutTime: (seconds: number) => void,
  ) {
    this.timer = setInterval(() => void this.poll(), POLL_INTERVAL_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const handle = await open(this.file, 'r');
      try {
        const { size } = await handle.stat();
        if (size <= this.offset) return;
        const chunk = Buffer.alloc(size - this.offset);
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, this.offset);
        this.offset += bytesRead;
        const lines = (this.partialLine + chunk.subarray(0, bytesRead).toString('utf8')).split('\n');
        this.partialLine = lines.pop() ?? '';
        let latest: number | undefined;
        for (const line of lines) latest = outTimeSeconds(line) ?? latest;
        if (latest !== undefined) this.onOutTime(latest);
      } finally {
        await handle.close();
      }
    } catch {
      // ffmpeg has not created the file yet, or the job's work dir is already gone.
    } finally {
      this.polling = false;
    }
  }
}
