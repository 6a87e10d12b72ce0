// pdf-lock: AES-256 encryption with an open password and a permissions password (qpdf).
import path from 'node:path';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import { runEngine } from '../../engines';
import type { Converter } from '../../types';
import { passwordOption } from './options';
import { outputName } from './output-name';
import { openReadablePdf } from './pdf-input';
import { qpdfArgumentFile } from './qpdf-arguments';
import { allPagesOf, assertTextKept } from '../pdf-kept-text';

const lockOptions = z.object({
  /** Needed to open the locked file. */
  password: passwordOption,
  /** Needed to change the permissions; defaults to the open password. */
  ownerPassword: passwordOption,
  /** The open password of an input that is already encrypted. */
  currentPassword: passwordOption,
  permissions: z
    .object({ print: z.boolean().default(true), modify: z.boolean().default(true), copy: z.boolean().default(true) })
    .default({ print: true, modify: true, copy: true }),
});

export type LockOptions = z.infer<typeof lockOptions>;

export const pdfLock: Converter<LockOptions> = {
  toolId: 'pdf-lock',
  options: lockOptions,
  engines: ['qpdf'],
  async convert({ inputs, options }, ctx) {
    const { password, permissions } = options;
    const ownerPassword = options.ownerPassword || password;
    if (ownerPassword === '') throw new ConvertError('请设置打开密码或权限密码');
    return Promise.all(
      inputs.map(async (input, index) => {
        const source = await openReadablePdf(input.path, { password: options.currentPassword, workDir: ctx.workDir, signal: ctx.signal });
        const output = path.join(ctx.workDir, `locked-${index}.pdf`);
        const args = [
          '--encrypt', password, ownerPassword, '256',
          `--print=${permissions.print ? 'full' : 'none'}`,
          `--modify=${permissions.modify ? 'all' : 'none'}`,
          `--extract=${permissions.copy ? 'y' : 'n'}`,
          '--',
          // Encrypted strings are binary, which qpdf writes as hex (twice their size); inside an
          // object stream they are not encrypted one by one (the stream is), so they stay literal.
          '--object-streams=generate',
          source.path, output,
        ];
        await runEngine('qpdf', [await qpdfArgumentFile(ctx.workDir, args)], { signal: ctx.signal, okExitCodes: [0, 3] });
        await assertTextKept({ path: output, password: ownerPassword }, { sources: [source], pages: allPagesOf(0, source.pageCount) }, ctx);
        ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
        return { name: outputName(input.name, '-已加密', 'pdf'), path: output };
      }),
    );
  },
};
