// The one module that reads the environment (ARCHITECTURE.md "Configuration"). Everything else
// receives a Config, so tests build their own without touching process.env.
import os from 'node:os';
import path from 'node:path';
import { DAILY_USES, type DailyUses } from '../shared/daily-uses';

export interface Config {
  port: number;
  production: boolean;
  publicOrigin: string;
  mobileOrigin: string;
  accountOrigin: string;
  /**
   * The sites this server's account service hands logins to (ACCOUNT_SITES, comma-separated
   * origins): its own origin always; a site that names this server as its ACCOUNT_ORIGIN must be listed.
   */
  accountSites: string[];
  dataDir: string;
  /** postgres://… switches the data layer from SQLite to PostgreSQL. */
  databaseUrl?: string;
  /** redis://… sends tasks through BullMQ to `npm run worker` processes; web processes then run no conversions. */
  redisUrl?: string;
  /** The queue's key prefix on Redis (QUEUE_PREFIX): one per site sharing a Redis. */
  queuePrefix: string;
  /** Jobs one worker process runs at once (WORKER_CONCURRENCY); each engine's own limit applies within it. */
  workerConcurrency: number;
  /**
   * Waiting + running jobs beyond which submits answer 429 (QUEUE_CAP). Default: 50 per job slot of
   * this process, or with REDIS_URL of one worker (WORKER_CONCURRENCY); a fleet of several workers
   * sets it to 50 × its slots.
   */
  queueCap?: number;
  /** A worker's own /metrics listens on this port when set (WORKER_METRICS_PORT), behind METRICS_TOKEN. */
  workerMetricsPort?: number;
  /** A running task without a heartbeat for this long belongs to a dead worker and is re-run (TASK_STALE_SECONDS). */
  taskStaleMs: number;
  /** When set, the API paths are proxied there instead of mounted here. */
  apiOrigin?: string;
  retentionMinutes: number;
  /** How long feedback attachments are kept (FEEDBACK_RETENTION_DAYS, 90); the entries' text stays. */
  feedbackRetentionDays: number;
  convertConcurrency: number;
  /** Built client assets (manifest.json and the hashed files). */
  publicDir: string;
  /** Article files (articles/*.md, images/): the build's copy beside publicDir unless CONTENT_DIR names another. */
  contentDir: string;
  /** The footer's legal and contact lines (SITE_ICP, SITE_CONTACT); an empty one is not shown. */
  footer: { icp: string; contact: string };
  /** Secret for signed download links and cookies; generated per data dir when not given. */
  secret?: string;
  /** A trusted RFC 3161 timestamp authority; the built-in one (key under DATA_DIR/tsa) when absent. */
  tsaUrl?: string;
  /** A speech recognition model directory (sherpa-onnx); the speech tools are unavailable without one. */
  speechModelDir?: string;
  /** Uploads are refused (503) while the data dir's disk has less free space than this. */
  minFreeDiskBytes: number;
  /** Free uses per tool and day (shared/daily-uses.ts); DAILY_USES_GUEST, _USER, _PER_IP override them (the test harness raises them). */
  dailyUses: DailyUses;
  /** Proxies whose X-Forwarded-For is believed (Express "trust proxy": addresses, subnets, loopback). */
  trustedProxies: string;
  /** Aliyun SMS for login codes (SMS_PROVIDER=aliyun); without it the development provider logs codes, and production has no code login. */
  sms?: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string };
  /**
   * The operators' bearer token for /admin/ calls (ADMIN_TOKEN, at least 32 characters); without
   * it those calls answer 404.
   */
  adminToken?: string;
  /** Bearer token for /metrics (METRICS_TOKEN, at least 32 characters); without it /metrics answers 404. */
  metricsToken?: string;
  /** SIGTERM: how long running jobs may take to finish before they are handed back to the queue (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceMs: number;
  /** Payments (server/pay): without a real provider the sandbox serves both tabs, and production takes no payments. */
  pay: PayConfig;
  /** Task inputs, results and feedback attachments in an S3-compatible bucket (S3_BUCKET switches it on); DATA_DIR/files without it. */
  s3?: S3Config;
}

export interface S3Config {
  bucket: string;
  /** S3_ENDPOINT: a store other than AWS (MinIO, Aliyun OSS, Tencent COS…); AWS's own for the region when absent. */
  endpoint?: string;
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; without them the SDK's usual sources (the environment, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (http://host/bucket/key) rather than the host name: what MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
}

export interface PayConfig {
  /** An unpaid order is queried at its provider and closed this long after it was made. */
  orderTimeoutSeconds: number;
  /** WeChat Pay API v3, Native (QR) payments. Key files are PEM. */
  wechat?: {
    mchId: string;
    appId: string;
    /** Serial number of the merchant's API certificate (sent in the Authorization header). */
    serialNo: string;
    privateKeyFile: string;
    /** WeChat Pay's platform certificate or public key, for the notify signature. */
    platformCertFile: string;
    apiV3Key: string;
    apiBase: string;
  };
  /** Alipay open platform, alipay.trade.precreate (QR) with RSA2. Key files are PEM. */
  alipay?: {
    appId: string;
    privateKeyFile: string;
    alipayPublicKeyFile: string;
    gateway: string;
  };
}

type Env = Record<string, string | undefined>;

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** An operator token when set: short ones are refused at start rather than guessed later. */
function operatorToken(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32) throw new Error(`${name} must be at least 32 characters`);
  return value;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes'].includes(value.toLowerCase());
}

/** S3_* settings, when a bucket is named; half a key pair is refused at start rather than met at the first upload. */
function s3Config(env: Env): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  const endpoint = env.S3_ENDPOINT ? env.S3_ENDPOINT.replace(/\/$/, '') : undefined;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    bucket: env.S3_BUCKET,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // A named endpoint is usually a self-hosted store, which wants path style; AWS wants the host name.
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, Boolean(endpoint)),
  };
}

const DEFAULT_CONTACT = '客服邮箱 support@pdf365.cn（工作日 9:00–18:00）';

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const publicOrigin = (env.PUBLIC_ORIGIN || `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    production: env.NODE_ENV === 'production',
    publicOrigin,
    // Without a mobile site of its own, the responsive pages are the mobile site.
    mobileOrigin: (env.MOBILE_ORIGIN || publicOrigin).replace(/\/$/, ''),
    // The account service is mounted in this server unless an external one is named.
    accountOrigin: (env.ACCOUNT_ORIGIN || publicOrigin).replace(/\/$/, ''),
    accountSites: [...new Set([publicOrigin, ...(env.ACCOUNT_SITES ?? '').split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean)])],
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    queuePrefix: env.QUEUE_PREFIX || 'pdf365',
    workerConcurrency: int(env.WORKER_CONCURRENCY, int(env.CONVERT_CONCURRENCY, os.availableParallelism())),
    queueCap: int(env.QUEUE_CAP, 0) || undefined,
    workerMetricsPort: int(env.WORKER_METRICS_PORT, 0) || undefined,
    taskStaleMs: int(env.TASK_STALE_SECONDS, 60) * 1000,
    apiOrigin: env.API_ORIGIN ? env.API_ORIGIN.replace(/\/$/, '') : undefined,
    retentionMinutes: int(env.RETENTION_MINUTES, 120),
    feedbackRetentionDays: int(env.FEEDBACK_RETENTION_DAYS, 90),
    convertConcurrency: int(env.CONVERT_CONCURRENCY, os.availableParallelism()),
    publicDir: path.resolve(env.PUBLIC_DIR || 'dist/public'),
    contentDir: path.resolve(env.CONTENT_DIR || path.join(env.PUBLIC_DIR || 'dist/public', '../content')),
    // No ICP number by default: a licence number is the operator's, never a placeholder.
    footer: { icp: env.SITE_ICP ?? '', contact: env.SITE_CONTACT ?? DEFAULT_CONTACT },
    secret: env.SITE_SECRET || undefined,
    tsaUrl: env.TSA_URL || undefined,
    speechModelDir: env.SPEECH_MODEL_DIR ? path.resolve(env.SPEECH_MODEL_DIR) : undefined,
    minFreeDiskBytes: (env.MIN_FREE_DISK_MB === '0' ? 0 : int(env.MIN_FREE_DISK_MB, 1024)) * 1024 * 1024,
    // The edge worker reaches the origin from Cloudflare's addresses: name them here in production,
    // or every visitor shares the worker's IP (and its share of the queue).
    trustedProxies: env.TRUSTED_PROXIES || 'loopback',
    dailyUses: {
      guest: int(env.DAILY_USES_GUEST, DAILY_USES.guest),
      user: int(env.DAILY_USES_USER, DAILY_USES.user),
      guestsPerIp: int(env.DAILY_USES_PER_IP, DAILY_USES.guestsPerIp),
    },
    sms:
      env.SMS_PROVIDER === 'aliyun'
        ? {
            accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
            accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
            signName: env.ALIYUN_SMS_SIGN_NAME ?? '',
            templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? '',
            endpoint: env.ALIYUN_SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com/',
          }
        : undefined,
    adminToken: operatorToken('ADMIN_TOKEN', env.ADMIN_TOKEN),
    metricsToken: operatorToken('METRICS_TOKEN', env.METRICS_TOKEN),
    // 0: running jobs are handed back at once (int() would read it as unset).
    shutdownGraceMs: (env.SHUTDOWN_GRACE_SECONDS === '0' ? 0 : int(env.SHUTDOWN_GRACE_SECONDS, 30)) * 1000,
    s3: s3Config(env),
    pay: {
      orderTimeoutSeconds: int(env.PAY_ORDER_TIMEOUT_SECONDS, 30 * 60),
      wechat: env.WECHATPAY_MCHID
        ? {
            mchId: env.WECHATPAY_MCHID,
            appId: env.WECHATPAY_APPID ?? '',
            serialNo: env.WECHATPAY_SERIAL_NO ?? '',
            privateKeyFile: env.WECHATPAY_PRIVATE_KEY_FILE ?? '',
            platformCertFile: env.WECHATPAY_PLATFORM_CERT_FILE ?? '',
            apiV3Key: env.WECHATPAY_APIV3_KEY ?? '',
            apiBase: (env.WECHATPAY_API_BASE || 'https://api.mch.weixin.qq.com').replace(/\/$/, ''),
          }
        : undefined,
      alipay: env.ALIPAY_APP_ID
        ? {
            appId: env.ALIPAY_APP_ID,
            privateKeyFile: env.ALIPAY_PRIVATE_KEY_FILE ?? '',
            alipayPublicKeyFile: env.ALIPAY_PUBLIC_KEY_FILE ?? '',
            gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
          }
        : undefined,
    },
    ...overrides,
  };
}
