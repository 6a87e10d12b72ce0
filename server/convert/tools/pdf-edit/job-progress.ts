// Progress and cancellation for work that goes file by file and page by page: each piece of work
// owns a slice of 0–100, and the job stops between steps once its signal is aborted.
import type { ConvertContext } from '../../types';

export class JobProgress {
  constructor(
    private readonly ctx: ConvertContext,
    private readonly from = 0,
    private readonly to = 100,
  ) {}

  /** The slice of this span between two fractions of it (0–1). */
  slice(fromFraction: number, toFraction: number): JobProgress {
    const width = this.to - this.from;
    return new JobProgress(this.ctx, this.from + width * fromFraction, this.from + width * toFraction);
  }

  /** The `index`-th of `count` equal parts of this span. */
  part(index: number, count: number): JobProgress {
    return this.slice(index / count, (index + 1) / count);
  }

  /** Runs `step` over `items` in order, reporting after each one; throws once the job is cancelled. */
  async forEach<T>(items: readonly T[], step: (item: T, index: number) => void | Promise<void>): Promise<void> {
    for (const [index, item] of items.entries()) {
      this.ctx.signal.throwIfAborted();
      await step(item, index);
      this.report((index + 1) / items.length);
    }
  }

  /** Reports that this span is done up to `fraction` (0–1). */
  report(fraction: number): void {
    this.ctx.progress(Math.round(this.from + (this.to - this.from) * fraction));
  }
}
