// Option fields several tools share (ARCHITECTURE.md: option names are shared across tools).
import { z } from 'zod';

/** Page ranges such as `1-3,5`; empty means every page. */
export const pagesOption = z.string().max(1000).default('');

/** The open password of an encrypted input; newlines would break qpdf's argument file. */
export const passwordOption = z.string().max(128).regex(/^[^\r\n]*$/).default('');

export const dpiOption = z.coerce.number().int().min(36).max(600).default(150);

export const qualityOption = z.coerce.number().int().min(1).max(100).default(85);
