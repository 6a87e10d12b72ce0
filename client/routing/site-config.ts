// What the browser needs to know about the deployment; the server writes it into the document,
// and the shell hands it to every page through context.
import { createContext, useContext } from 'react';
import type { Advert } from '../api/site';

export interface SiteConfig {
  publicOrigin: string;
  mobileOrigin: string;
  accountOrigin: string;
  /** Tools that cannot run on this deployment, with the Chinese reason the page shows. */
  unavailableTools: Record<string, string>;
  /** URL of the tool icon sprite (a hashed file of the build); absent where no build is served (unit tests). */
  toolIconSprite?: string;
  /** The footer's ICP number and contact line (server config SITE_ICP, SITE_CONTACT); empty ones are not shown. */
  footer?: { icp: string; contact: string };
  /** Web adverts in force when the page was rendered (the advert head picks the one for its page). */
  adverts?: Advert[];
}

declare global {
  interface Window {
    __SITE__: SiteConfig;
    __CHUNKS__: string[];
    /** Lazy page chunk → its stylesheet URLs (server/ssr/document.ts). */
    __CHUNK_CSS__?: Record<string, string[]>;
  }
}

export const SiteConfigContext = createContext<SiteConfig | null>(null);

export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig outside the site shell');
  return config;
}
