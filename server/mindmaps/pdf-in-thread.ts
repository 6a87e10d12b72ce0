// A large map's PDF is seconds of synchronous work (subsetting the 10 MB Chinese font, drawing a
// thousand topics): on the web process's event loop it would hold up every other request. Each
// export runs in a worker thread of its own, bounded in heap and time; export-gate.ts bounds how
// many run at once.
import { Worker } from 'node:worker_threads';
import type { MindMapPdfRequest } from '../../shared/mindmap/pdf-request';
import { bundledScript } from '../bundled-script';

/** Far beyond what the largest map allowed takes; a thread past it is stopped. */
const EXPORT_DEADLINE_MS = 60_000;
const HEAP_MB = 512;

export function mindMapPdfInThread(request: MindMapPdfRequest): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(bundledScript('mindmap-pdf.mjs'), { workerData: request, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    const deadline = setTimeout(() => {
      reject(new Error('mind-map PDF export timed out'));
      void thread.terminate();
    }, EXPORT_DEADLINE_MS);
    thread.once('message', (pdf: Uint8Array) => {
      clearTimeout(deadline);
      resolve(pdf);
    });
    thread.once('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    thread.once('exit', (code) => {
      clearTimeout(deadline);
      reject(new Error(`mind-map PDF thread exited with ${code}`));
    });
  });
}
