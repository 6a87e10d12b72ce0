// The worker's variables (wrangler.toml [vars], per environment; ARCHITECTURE.md "Configuration").
export interface WorkerEnv {
  /** The Express server the worker fronts. */
  ORIGIN: string;
  /** The site's public address: the base of every canonical link. */
  PUBLIC_ORIGIN: string;
  MOBILE_ORIGIN: string;
  /** The 360ald channel's payment page; its host must be on shared/edge-rules.ts PAY_360ALD_DOMAINS. */
  PAY_360ALD_URL: string;
}

export interface EdgeConfig {
  origin: string;
  publicOrigin: string;
  mobileOrigin: string;
  pay360aldUrl: string;
}

const withoutTrailingSlash = (origin: string): string => origin.replace(/\/+$/, '');

/** Origins without a trailing slash, as server/config.ts keeps them, so both compare alike. */
export function edgeConfig(env: WorkerEnv): EdgeConfig {
  return {
    origin: withoutTrailingSlash(env.ORIGIN),
    publicOrigin: withoutTrailingSlash(env.PUBLIC_ORIGIN),
    mobileOrigin: withoutTrailingSlash(env.MOBILE_ORIGIN),
    pay360aldUrl: env.PAY_360ALD_URL,
  };
}
