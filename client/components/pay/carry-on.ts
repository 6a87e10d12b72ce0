// Whether a purchase lifts the 402 a tool met, so the page can run the conversion again: a
// membership lifts every tool's count; an ID-photo pack only the ID-photo tool's (server/usage).
import type { Product } from '../../../shared/products';

export const ID_PHOTO_TOOL = 'img-background-color';

export function liftsUsedUp(product: Product, toolId: string | undefined): boolean {
  return product.kind === 'vip' || (product.kind === 'photo' && toolId === ID_PHOTO_TOOL);
}
