// How many mind-map PDF exports run at once. An export is a few seconds of the web process's own
// CPU (pdf-lib and font subsetting, no job queue), so one visitor may have one in flight and the
// process a few; beyond that the call is refused with 429 and the page falls back to the picture
// PDF it draws in the browser (client/pages/mindmap/export/download.ts).

const EXPORTS_PER_ADDRESS = 1;
const EXPORTS_PER_PROCESS = 3;

export class ExportGate {
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  /** A release function when `address` may start an export now, else undefined. */
  enter(address: string): (() => void) | undefined {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= EXPORTS_PER_ADDRESS || this.total >= EXPORTS_PER_PROCESS) return undefined;
    this.byAddress.set(address, mine + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
  }
}
