// OFD (GB/T 33190-2016, the Chinese fixed-layout format), which no engine here reads or writes:
// ofd-to-pdf is our reader (reader.ts) drawn with pdf-lib (draw-pdf.ts); pdf-to-ofd reads the PDF
// with the mutool page dump of pdf-to-office and writes the package itself (writer.ts).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Converter, ConvertOutput } from '../../types';
import { pagesOption, passwordOption } from '../pdf-render/options';
import { outputName } from '../pdf-render/output-name';
import { corruptOnEngineFailure, openChosenPages } from '../pdf-render/pdf-input';
import { readPdfPages } from '../pdf-to-office/extraction/read-pages';
import { unreadableNote } from '../pdf-to-office/extraction/unmapped-glyphs';
import { drawOfdToPdf } from './draw-pdf';
import { readOfd } from './reader';
import { writeOfd } from './writer';

const ofdToPdfOptions = z.object({});

export const ofdToPdf: Converter<z.infer<typeof ofdToPdfOptions>> = {
  toolId: 'ofd-to-pdf',
  options: ofdToPdfOptions,
  engines: [],
  async convert({ inputs }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      ctx.signal.throwIfAborted();
      const document = await readOfd(input.path);
      const bytes = await drawOfdToPdf(document, (fraction) => ctx.progress(Math.round(((index + fraction) / inputs.length) * 99)));
      const file = path.join(ctx.workDir, `${index + 1}.pdf`);
      await writeFile(file, bytes);
      outputs.push({ name: outputName(input.name, '', 'pdf'), path: file });
    }
    ctx.progress(100);
    return outputs;
  },
};

const pdfToOfdOptions = z.object({ pages: pagesOption, password: passwordOption });

/** Share of the progress bar the page dump takes; writing takes the rest. */
const READ_SHARE = 80;

export const pdfToOfd: Converter<z.infer<typeof pdfToOfdOptions>> = {
  toolId: 'pdf-to-ofd',
  options: pdfToOfdOptions,
  engines: ['qpdf', 'mutool'],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      const { source, pages: pageNumbers } = await openChosenPages(input.path, options, ctx);
      const share = (fraction: number): number => Math.round(((index + fraction) / inputs.length) * 100);
      // OFD is fixed layout: its pages stay as shown, turned text and all (no uprightTurnedPages).
      const { pages } = await corruptOnEngineFailure(
        readPdfPages(source.path, pageNumbers, { workDir: ctx.workDir, signal: ctx.signal, deadline: ctx.deadline, onProgress: (f) => ctx.progress(share((f * READ_SHARE) / 100)) }),
      );
      const file = path.join(ctx.workDir, `${index + 1}.ofd`);
      const title = path.basename(input.name, path.extname(input.name)) || 'document';
      await writeOfd(pages, file, { title, onProgress: (f) => ctx.progress(share((READ_SHARE + f * (100 - READ_SHARE)) / 100)) });
      outputs.push({ name: outputName(input.name, '', 'ofd'), path: file });
      const unreadable = unreadableNote(pages, inputs.length > 1 ? input.name : undefined);
      if (unreadable) ctx.note?.(unreadable);
    }
    ctx.progress(100);
    return outputs;
  },
};

export const ofdConverters: Converter<any>[] = [ofdToPdf, pdfToOfd];
