// What the browser needs to know about the deployment; the server writes it into the document,
// and the shell hands it to every page through context.
import { createContext, useContext } from 'react';

export interface SiteConfig {
  publicOrigin: string;
  mobileOrigin: string;
  accountOrigin: string;
  /** Tools that cannot run on this deployment, with the Chinese reason the page shows. */
  unavailableTools: Record<string, string>;
  /** URL of the tool icon sprite (a hashed file of the build); absent where no build is served (unit tests). */
  toolIconSprite?: string;
}

declare global {
  interface Window {
    __SITE__: SiteConfig;
    __CHUNKS__: string[];
  }
}

export const SiteConfigContext = createContext<SiteConfig | null>(null);

export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig outside the site shell');
  return config;
}
