// ID-photo uses (SPEC §9: packs of 1, 3 and 10 uses). Accounts and payment come in a later issue;
// until then every visitor may download, and this is the one place that will change.
import { ConvertError } from '../../errors';
import type { ConvertContext } from '../../types';

export const NO_ID_PHOTO_USES = '证件照次数已用完，请购买次数包后再下载';

export interface IdPhotoUses {
  /** null: not counted (no accounts yet). */
  remaining: number | null;
}

/** How many full-size downloads the visitor has left; shown with the preview. */
export async function idPhotoUses(_ctx: ConvertContext): Promise<IdPhotoUses> {
  return { remaining: null };
}

/** Takes one use before a full-size ID photo is made; throws a ConvertError when none is left. */
export async function takeIdPhotoUse(ctx: ConvertContext): Promise<void> {
  const { remaining } = await idPhotoUses(ctx);
  if (remaining !== null && remaining <= 0) throw new ConvertError(NO_ID_PHOTO_USES);
}
