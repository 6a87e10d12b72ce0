// What the browser needs to know about the deployment; the server writes it into the document.
export interface SiteConfig {
  publicOrigin: string;
  mobileOrigin: string;
  accountOrigin: string;
}

declare global {
  interface Window {
    __SITE__: SiteConfig;
    __CHUNKS__: string[];
  }
}
