// The edge worker in front of the Express origin (ARCHITECTURE.md "Shape"): the 360ald payment
// redirect, the mobile redirect, then the origin (through the edge cache for anonymous pages),
// with the canonical link of HTML pages set to the public address on the way back.
import { canonicalUrl } from '../shared/head';
import { withCanonical } from './canonical';
import { channelPaymentRedirect } from './channel-payment';
import { cachedPage, type BackgroundWork } from './edge-cache';
import { edgeConfig, type WorkerEnv } from './env';
import { isHtml } from './html-rewriter';
import { mobileRedirect } from './mobile-redirect';
import { proxyToOrigin } from './proxy';

export default {
  async fetch(request: Request, env: WorkerEnv, work: BackgroundWork): Promise<Response> {
    const config = edgeConfig(env);
    const url = new URL(request.url);
    const redirect = channelPaymentRedirect(request, url, config) ?? mobileRedirect(request, url, config);
    if (redirect) return redirect;
    const response = await cachedPage(request, work, () => proxyToOrigin(request, url, config));
    return isHtml(response) ? withCanonical(response, canonicalUrl(url.pathname, config.publicOrigin)) : response;
  },
};
