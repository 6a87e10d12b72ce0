// pdf-unlock: removes the open password and the permission restrictions (qpdf --decrypt).
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Converter } from '../../types';
import { PASSWORD_NEEDED } from './messages';
import { passwordOption } from './options';
import { outputName } from './output-name';
import { openReadablePdf } from './pdf-input';
import { allPagesOf, assertTextKept } from '../pdf-kept-text';

const unlockOptions = z.object({ password: passwordOption });

export type UnlockOptions = z.infer<typeof unlockOptions>;

export const pdfUnlock: Converter<UnlockOptions> = {
  toolId: 'pdf-unlock',
  options: unlockOptions,
  engines: ['qpdf'],
  async convert({ inputs, options }, ctx) {
    return Promise.all(
      inputs.map(async (input, index) => {
        // Opening for reading already decrypts into the work dir (and rejects a wrong or missing password).
        const source = await openReadablePdf(input.path, {
          password: options.password,
          missingPasswordMessage: PASSWORD_NEEDED,
          workDir: ctx.workDir,
          signal: ctx.signal,
        });
        const output = path.join(ctx.workDir, `unlocked-${index}.pdf`);
        await copyFile(source.path, output);
        // Against the encrypted input as poppler decrypts it, not qpdf's copy.
        await assertTextKept({ path: output }, { sources: [{ path: input.path, password: options.password }], pages: allPagesOf(0, source.pageCount) }, ctx);
        ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
        return { name: outputName(input.name, source.wasEncrypted ? '-已解密' : '-未加密', 'pdf'), path: output };
      }),
    );
  },
};
