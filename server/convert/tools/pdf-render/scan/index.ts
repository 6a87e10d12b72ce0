// pdf-scan: a security report (JSON) and a sanitised copy. `scanPdf` alone serves the analysis
// endpoint, which shows the report before the visitor decides to download the clean copy.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { PdfScanReport as WireReport } from '../../../../../shared/task-api';
import type { Converter, ConvertOutput } from '../../../types';
import { passwordOption } from '../options';
import { outputName } from '../output-name';
import { openReadablePdf } from '../pdf-input';
import { allPagesOf, assertTextKept } from '../../pdf-kept-text';
import { findRisks, overallRisk, type Finding, type RiskLevel } from './findings';
import { readPdfObjects, type PdfObjects } from '../qpdf-json';
import { writeSanitizedCopy } from './sanitize';

export type { Finding, FindingKind, RiskLevel } from './findings';

/** The report as the page reads it (shared/task-api.ts), with the findings' kinds spelled out. */
export interface PdfScanReport extends WireReport {
  findings: Finding[];
}

export interface ScanOptions {
  password?: string;
  /** Scratch space for a decrypted copy; a private temporary directory when not given. */
  workDir?: string;
  signal?: AbortSignal;
}

const SUMMARIES: Record<RiskLevel, string> = {
  高: '发现高风险内容，建议不要在未净化的情况下打开此文件',
  中: '发现需要留意的内容，请确认文件来源可信',
  低: '未发现脚本、自动动作或附件等高风险内容',
};

function report(pdf: PdfObjects, pageCount: number, encrypted: boolean): PdfScanReport {
  const findings = findRisks(pdf, encrypted);
  const riskLevel = overallRisk(findings);
  return { riskLevel, summary: SUMMARIES[riskLevel], pageCount, encrypted, findings };
}

async function inWorkDir<T>(workDir: string | undefined, work: (dir: string) => Promise<T>): Promise<T> {
  if (workDir) return work(workDir);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-scan-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function scanPdf(pdfPath: string, options: ScanOptions = {}): Promise<PdfScanReport> {
  return inWorkDir(options.workDir, async (workDir) => {
    const source = await openReadablePdf(pdfPath, { password: options.password ?? '', workDir, signal: options.signal });
    return report(await readPdfObjects(source.path, options.signal), source.pageCount, source.wasEncrypted);
  });
}

const scanOptions = z.object({ password: passwordOption });

export type PdfScanOptions = z.infer<typeof scanOptions>;

export const pdfScan: Converter<PdfScanOptions> = {
  toolId: 'pdf-scan',
  options: scanOptions,
  engines: ['qpdf'],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      const source = await openReadablePdf(input.path, { password: options.password, workDir: ctx.workDir, signal: ctx.signal });
      const pdf = await readPdfObjects(source.path, ctx.signal);
      const reportFile = path.join(ctx.workDir, `scan-report-${index}.json`);
      await writeFile(reportFile, JSON.stringify(report(pdf, source.pageCount, source.wasEncrypted), null, 2));
      const sanitized = path.join(ctx.workDir, `scan-sanitized-${index}.pdf`);
      await writeSanitizedCopy(source.path, sanitized, pdf, ctx.workDir, ctx.signal);
      await assertTextKept({ path: sanitized }, { sources: [source], pages: allPagesOf(0, source.pageCount) }, ctx);
      outputs.push(
        { name: outputName(input.name, '-安全检测报告', 'json'), path: reportFile },
        { name: outputName(input.name, '-净化版', 'pdf'), path: sanitized },
      );
      ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
    }
    return outputs;
  },
};
