// The advert strip above the header: the advert of this page's slot that fits the page, or no strip
// at all. The server renders it from the adverts in its site config (the same list it writes into
// __SITE__), so hydration keeps it unchanged. On a tool page an advert for a tool shows only on the
// pages of that tool's group, never on the tool's own page (a merge page does not advertise
// PDF转Word); an advert for anything else (membership, an activity) shows on every page of its slot.
import { useLocation } from '../routing/router';
import { matchSiteRoute } from '../../shared/site-routes';
import type { Advert } from '../api/site';
import { useSiteConfig } from '../routing/site-config';

/** The tool an address opens, if it is a tool page (/pdf-to-word/ → pdf-to-word). */
function toolAt(pathname: string) {
  return matchSiteRoute(pathname)?.route.tool;
}

export function advertFor(adverts: readonly Advert[], position: number, pathname: string): Advert | undefined {
  const here = toolAt(pathname);
  return adverts.find((advert) => {
    if (advert.position !== position) return false;
    const target = new URL(advert.link, 'http://x').pathname;
    if (target === pathname) return false;
    const advertised = toolAt(target);
    return !advertised || !here || advertised.type === here.type;
  });
}

export function AdvertHead({ position }: { position: number }) {
  const { pathname } = useLocation();
  const advert = advertFor(useSiteConfig().adverts ?? [], position, pathname);
  if (!advert) return null;
  return (
    <aside className="advert-head" data-position={position} aria-label="活动公告">
      <a href={advert.link}>{advert.title}</a>
    </aside>
  );
}
