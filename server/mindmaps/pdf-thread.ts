// Entry of the thread a mind-map PDF is drawn in (the bundle's mindmap-pdf.mjs; pdf-in-thread.ts
// starts it): the scene comes as workerData, the PDF's bytes go back as one transferred message.
import { parentPort, workerData } from 'node:worker_threads';
import type { MindMapPdfRequest } from '../../shared/mindmap/pdf-request';
import { mindMapPdf } from './pdf';

const pdf = await mindMapPdf(workerData as MindMapPdfRequest);
parentPort!.postMessage(pdf, [pdf.buffer as ArrayBuffer]);
