// Sitemap files checked against the sitemaps.org 0.9 schemas (the XSDs beside this file) by an
// independent reader: lxml under Debian's /usr/bin/python3 (no xmllint on this machine).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PYTHON = '/usr/bin/python3';

/** 'valid', or the schema's complaints line by line. */
export function validateSitemapXml(xml: string, kind: 'urlset' | 'index' = 'urlset'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-'));
  const file = path.join(dir, 'sitemap.xml');
  fs.writeFileSync(file, xml);
  try {
    return execFileSync(PYTHON, [path.join(__dirname, 'validate.py'), path.join(__dirname, kind === 'index' ? 'siteindex.xsd' : 'sitemap.xsd'), file], { encoding: 'utf8' }).trim();
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error).trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The <loc> addresses of a sitemap file. */
export function sitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
}
