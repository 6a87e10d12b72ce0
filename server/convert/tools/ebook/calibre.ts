// calibre's ebook-convert on the engine layer: a private HOME, config and temp dir inside the
// job's work dir (calibre writes to all three and they go away with the job), Chromium's sandbox
// off when running as root (its PDF output renders in QtWebEngine), fonts that embed Chinese text
// as real fonts, and failures answered in Chinese.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConvertError } from '../../errors';
import { EngineFailedError, runEngine } from '../../engines';
import { EBOOK_CORRUPT, EBOOK_DRM, EBOOK_FAILED } from './messages';

/** What calibre prints when the book is encrypted by a store (it never removes DRM). */
const DRM = /DRMError|\bDRM\b/;

let calibreDirs = 0;

/**
 * The system's fonts without Noto CJK: Chromium's PDF output turns those CFF faces into Type 3
 * glyph programs (large, blurry in some viewers, no real font), while WenQuanYi Zen Hei (TrueType)
 * embeds as a subset CID font. Chinese text, whatever family a book asks for, falls back to it.
 */
const FONTS_CONF = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><glob>*/Noto*CJK*</glob></rejectfont></selectfont>
</fontconfig>
`;

export async function calibreEnvironment(workDir: string): Promise<Record<string, string>> {
  const home = path.join(workDir, `calibre-${++calibreDirs}`);
  const config = path.join(home, 'config');
  const temp = path.join(home, 'tmp');
  await mkdir(config, { recursive: true });
  await mkdir(temp, { recursive: true });
  const fontsConf = path.join(home, 'fonts.conf');
  await writeFile(fontsConf, FONTS_CONF);
  const env: Record<string, string> = {
    HOME: home,
    CALIBRE_CONFIG_DIRECTORY: config,
    CALIBRE_TEMP_DIR: temp,
    TMPDIR: temp,
    XDG_RUNTIME_DIR: temp,
    QT_QPA_PLATFORM: 'offscreen',
    FONTCONFIG_FILE: fontsConf,
  };
  if (process.getuid?.() === 0) env.QTWEBENGINE_CHROMIUM_FLAGS = '--no-sandbox';
  return env;
}

/** Converts `source` into `target`; both names must carry the format's extension (calibre goes by it). */
export async function ebookConvert(
  source: string,
  target: string,
  args: readonly string[],
  { workDir, signal }: { workDir: string; signal: AbortSignal },
): Promise<void> {
  const env = await calibreEnvironment(workDir);
  try {
    await runEngine('ebook-convert', [source, target, ...args], { signal, env, cwd: workDir });
  } catch (error) {
    if (error instanceof EngineFailedError) {
      const said = `${error.result.stdout.toString('utf8').slice(-4000)}\n${error.result.stderr}`;
      if (DRM.test(said)) throw new ConvertError(EBOOK_DRM, { cause: error });
      // Its failures come from the input (a broken zip, a mangled MOBI header, unparsable markup).
      throw new ConvertError(EBOOK_CORRUPT, { cause: error });
    }
    throw error;
  }
  const written = await stat(target).catch(() => undefined);
  if (!written || written.size === 0) throw new ConvertError(EBOOK_FAILED);
}
