// The central account login, told where to come back to (SPEC §4): for the server's route
// middleware and the browser's guard of logged-in pages alike.
import type { SiteConfig } from './site-config';

export function loginUrl(config: SiteConfig, returnTo: URL): string {
  const back = config.publicOrigin + returnTo.pathname + returnTo.search;
  return `${config.accountOrigin}/login/?redirect=${encodeURIComponent(back)}`;
}
