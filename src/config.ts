import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { normalizeNip } from './lib/nip';

// The only place that reads process.env. A bad value stops start-up with one line naming it.
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  NEXT_DIST_DIR: z.string().min(1).default('.next'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  // Production's read replica (issue 16): searches and public pages read there; needs DATABASE_URL.
  DATABASE_READ_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  // Connections each process keeps to PostgreSQL (and as many again to the replica).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Identical processes sharing the port (PostgreSQL only).
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Rate limits and lockouts shared by every process; memory of each process without it.
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  // An S3-compatible bucket for uploads; the local disk (DATA_DIR/uploads) without S3_BUCKET.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  // Where browsers fetch stored objects themselves (a CDN or the bucket's public address): /media/{key}
  // then redirects there instead of streaming the object through the portal.
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  // Bearer token that /api/metrics asks for; without it the metrics are not served.
  METRICS_TOKEN: z.string().min(16).optional(),
  // Issue 28: the organisers' statistics. Counts are written every STATS_FLUSH_MS; `off` counts nothing
  // (popularity included), for measuring what counting costs (npm run bench).
  STATS_COUNTING: z.enum(['on', 'off']).default('on'),
  STATS_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // log2 of scrypt's N for new password hashes (the stored hash keeps its own, so old ones still verify).
  // Tests lower it: at 17 (OWASP's minimum) a hash takes 0.3-0.7 s of a core. Not above 17: scrypt needs
  // 128·r·N bytes (128 MiB at 17), and hashes run side by side under a 256 MiB `maxmem` each.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(17).default(17),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Wydarzenia i Miejsca <no-reply@wydarzeniaimiejsca.pl>'),
  OAUTH_CLIENT_ID: z.string().min(1).max(100).default('portal-web'),
  OAUTH_CLIENT_SECRET: z.string().min(16).optional(),
  UNSUBSCRIBE_SECRET: z.string().min(16).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
  // An empty value turns map tiles off (markers on a plain background), as the tests do offline.
  // PayU REST API v2.1 (all four credentials, or none: then the local test payment provider).
  PAYU_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://secure.payu.com'),
  PAYU_POS_ID: z.string().min(1).optional(),
  PAYU_CLIENT_ID: z.string().min(1).optional(),
  PAYU_CLIENT_SECRET: z.string().min(1).optional(),
  PAYU_SECOND_KEY: z.string().min(1).optional(),
  // The seller on invoices (issue 27): all of name, NIP, street, postcode and city, or none (then a
  // clearly marked demo seller). The bank account is optional.
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  SELLER_NIP: z
    .string()
    .refine((v) => normalizeNip(v) !== null, 'must be a valid Polish NIP (10 digits with its checksum)')
    .optional(),
  SELLER_STREET: z.string().trim().min(1).max(200).optional(),
  SELLER_POSTCODE: z.string().trim().min(1).max(10).optional(),
  SELLER_CITY: z.string().trim().min(1).max(100).optional(),
  SELLER_BANK_ACCOUNT: z
    .string()
    .transform((v) => v.replace(/\s/g, '').toUpperCase())
    .refine(
      (v) => /^(PL)?\d{26}$/.test(v),
      'must be a Polish account number (26 digits, optionally PL first)',
    )
    .optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust === null)
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, true, a hop count or a comma-separated list of proxy addresses or CIDRs',
        });
      return trust ?? false;
    }),
});

/** Who may write `X-Forwarded-For`: nobody, the nearest N hops, or proxies at these addresses. */
export type TrustProxy = false | number | string[];

// Names proxy-addr (and so Fastify) understands besides addresses and CIDRs.
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyRange(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `true` keeps its old meaning of "behind one reverse proxy", but as one hop: the client is the
 * address that proxy saw (the right-most `X-Forwarded-For` entry), never the left-most one the
 * client may have written itself. Null for a value that is none of the accepted forms.
 */
function parseTrustProxy(value: string): TrustProxy | null {
  const v = value.trim().toLowerCase();
  if (v === 'false') return false;
  if (v === 'true') return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v) || false;
  const entries = v.split(',').map((e) => e.trim());
  return entries.every(isProxyRange) ? entries : null;
}

const s3Keys = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // Empty strings count as unset, as they do in most .env conventions (except MAP_TILE_URL, where
  // empty means "no tiles").
  const present = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => v !== undefined && (v !== '' || k === 'MAP_TILE_URL')),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? 'environment';
    const raw = present[key];
    const value = raw === undefined ? '' : ` (got "${raw}")`;
    throw new ConfigError(`Invalid configuration: ${key} ${issue?.message ?? 'is invalid'}${value}`);
  }
  const c = parsed.data;
  const payuKeys = ['PAYU_POS_ID', 'PAYU_CLIENT_ID', 'PAYU_CLIENT_SECRET', 'PAYU_SECOND_KEY'] as const;
  const payuSet = payuKeys.filter((k) => c[k] !== undefined);
  if (payuSet.length > 0 && payuSet.length < payuKeys.length) {
    const missing = payuKeys.filter((k) => c[k] === undefined).join(', ');
    throw new ConfigError(
      `Invalid configuration: PayU needs all of ${payuKeys.join(', ')} (missing ${missing})`,
    );
  }

  const sellerKeys = [
    'SELLER_NAME',
    'SELLER_NIP',
    'SELLER_STREET',
    'SELLER_POSTCODE',
    'SELLER_CITY',
  ] as const;
  const sellerSet = sellerKeys.filter((k) => c[k] !== undefined);
  if (
    (sellerSet.length > 0 && sellerSet.length < sellerKeys.length) ||
    (c.SELLER_BANK_ACCOUNT && !sellerSet.length)
  ) {
    const missing = sellerKeys.filter((k) => c[k] === undefined).join(', ');
    throw new ConfigError(
      `Invalid configuration: the invoices' seller needs all of ${sellerKeys.join(', ')} (missing ${missing})`,
    );
  }

  if (c.DATABASE_READ_URL && !c.DATABASE_URL)
    throw new ConfigError('Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (the primary)');
  // Processes cannot share an embedded database: each would open the same folder.
  if (c.WEB_CONCURRENCY > 1 && !c.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY=${c.WEB_CONCURRENCY} needs DATABASE_URL (PostgreSQL); the embedded database serves one process`,
    );
  const s3Set = s3Keys.filter((k) => c[k] !== undefined);
  if (s3Set.length > 0 && !c.S3_BUCKET)
    throw new ConfigError(`Invalid configuration: S3_BUCKET is missing (${s3Set.join(', ')} set)`);
  if ((c.S3_ACCESS_KEY_ID === undefined) !== (c.S3_SECRET_ACCESS_KEY === undefined))
    throw new ConfigError(
      `Invalid configuration: ${c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} is missing (the S3 keys go in pairs)`,
    );

  if (c.PASSWORD_HASH_COST < 17 && c.NODE_ENV !== 'test')
    throw new ConfigError(
      `Invalid configuration: PASSWORD_HASH_COST below 17 is for tests only (got ${c.PASSWORD_HASH_COST}, NODE_ENV=${c.NODE_ENV})`,
    );

  const dataDir = path.resolve(c.DATA_DIR);
  return {
    env: c.NODE_ENV,
    isProduction: c.NODE_ENV === 'production',
    port: c.PORT,
    host: c.HOST,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir,
    nextDistDir: c.NEXT_DIST_DIR,
    pgliteDir: path.join(dataDir, 'pglite'),
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: c.DATABASE_URL,
    databaseReadUrl: c.DATABASE_READ_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    webConcurrency: c.WEB_CONCURRENCY,
    redisUrl: c.REDIS_URL,
    // Without keys the AWS SDK's own chain finds them (an instance role, AWS_* variables).
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          credentials:
            c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: c.S3_FORCE_PATH_STYLE,
          publicUrl: c.S3_PUBLIC_URL?.replace(/\/$/, ''),
        }
      : undefined,
    metricsToken: c.METRICS_TOKEN,
    stats: { counting: c.STATS_COUNTING === 'on', flushMs: c.STATS_FLUSH_MS },
    logLevel: c.LOG_LEVEL,
    passwordHashCost: c.PASSWORD_HASH_COST,
    seedDemo: c.SEED_DEMO,
    trustProxy: c.TRUST_PROXY,
    map: { tileUrl: c.MAP_TILE_URL, attribution: c.MAP_ATTRIBUTION },
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    // The first-party client the pages and the spec's client use for POST /oauth/token. The embedded
    // default has a fixed, documented secret; a production deployment sets its own.
    oauthClient: { id: c.OAUTH_CLIENT_ID, secret: c.OAUTH_CLIENT_SECRET ?? 'portal-web-local-secret' },
    // Signs the one-click unsubscribe links of mails. Unset, one process generates its own and keeps it
    // in DATA_DIR (src/server/signing-secrets.ts); processes sharing a database must be given one.
    unsubscribeSecret: c.UNSUBSCRIBE_SECRET,
    // Processes that may serve one installation side by side (several, or on other machines).
    sharedDeployment: c.WEB_CONCURRENCY > 1 || c.DATABASE_URL !== undefined,
    // The seller printed on invoices; without SELLER_* a demo seller that says so on every invoice.
    seller:
      c.SELLER_NAME && c.SELLER_NIP && c.SELLER_STREET && c.SELLER_POSTCODE && c.SELLER_CITY
        ? {
            name: c.SELLER_NAME,
            nip: normalizeNip(c.SELLER_NIP) as string,
            street: c.SELLER_STREET,
            postcode: c.SELLER_POSTCODE,
            city: c.SELLER_CITY,
            country: 'PL',
            bankAccount: c.SELLER_BANK_ACCOUNT ?? null,
            demo: false,
          }
        : {
            name: 'Wydarzenia i Miejsca sp. z o.o. (DEMO)',
            nip: '9990001114',
            street: 'ul. Przykładowa 1',
            postcode: '00-001',
            city: 'Warszawa',
            country: 'PL',
            bankAccount: null,
            demo: true,
          },
    // Without PayU credentials payments go through the local test provider (a labelled test page).
    payu:
      c.PAYU_POS_ID && c.PAYU_CLIENT_ID && c.PAYU_CLIENT_SECRET && c.PAYU_SECOND_KEY
        ? {
            baseUrl: c.PAYU_BASE_URL.replace(/\/$/, ''),
            posId: c.PAYU_POS_ID,
            clientId: c.PAYU_CLIENT_ID,
            clientSecret: c.PAYU_CLIENT_SECRET,
            secondKey: c.PAYU_SECOND_KEY,
          }
        : undefined,
    google:
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? { clientId: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET, issuer: c.GOOGLE_ISSUER }
        : undefined,
    facebook:
      c.FACEBOOK_APP_ID && c.FACEBOOK_APP_SECRET
        ? {
            appId: c.FACEBOOK_APP_ID,
            appSecret: c.FACEBOOK_APP_SECRET,
            graphUrl: c.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
          }
        : undefined,
  };
}

/**
 * What a server needs besides a valid configuration: processes that share a database cannot agree on a
 * generated signing secret (each machine has its own DATA_DIR), so there it must be set.
 */
export function checkServingConfig(config: Config): void {
  if (config.sharedDeployment && !config.unsubscribeSecret)
    throw new ConfigError(
      'Invalid configuration: UNSUBSCRIBE_SECRET must be set (16+ characters) when processes share a database (DATABASE_URL or WEB_CONCURRENCY > 1)',
    );
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Forgets the parsed environment, so the next `getConfig()` reads it again (tests that change it). */
export function resetConfig(): void {
  cached = undefined;
}
