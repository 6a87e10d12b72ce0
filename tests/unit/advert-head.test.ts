// The advert head's choice (issue 16): an advert for a tool only on the pages of that tool's
// group and never on its own page; anything else on every page of its slot; otherwise none.
import { advertFor } from '../../client/components/AdvertHead';

const advert = (id: number, position: number, link: string) => ({ id, position, title: `advert ${id}`, image: '', link, sort: id });
const TOOL_AD = advert(1, 7, '/pdf-to-word/');
const VIP_AD = advert(2, 6, '/xiezai-huodong/');

describe('advertFor', () => {
  it('shows a tool advert on its group’s other pages only', () => {
    expect(advertFor([TOOL_AD], 7, '/pdf-to-excel/')).toBe(TOOL_AD);
    expect(advertFor([TOOL_AD], 7, '/pdf-to-word/')).toBeUndefined();
    expect(advertFor([TOOL_AD], 7, '/pdf-merge/')).toBeUndefined();
    expect(advertFor([TOOL_AD], 7, '/video-compress/')).toBeUndefined();
  });

  it('shows other adverts on every page of their slot, and nothing from another slot', () => {
    expect(advertFor([VIP_AD], 6, '/')).toBe(VIP_AD);
    expect(advertFor([VIP_AD], 7, '/pdf-merge/')).toBeUndefined();
    expect(advertFor([TOOL_AD, advert(3, 7, '/xiezai-huodong/')], 7, '/pdf-merge/')?.id).toBe(3);
  });
});
