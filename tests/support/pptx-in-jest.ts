// pptxgenjs loads node:fs with import() when process.release.name says Node, which jest cannot run
// without --experimental-vm-modules. Our writers hand it pictures as data, so its browser mode does
// the same work: tests that write PPTX in-process call this once, before converting.
export function pptxgenjsInBrowserMode(): void {
  Object.defineProperty(process, 'release', { value: { ...process.release, name: 'jest' } });
}
