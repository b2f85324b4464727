import path from 'node:path'
import { z } from 'zod'

const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true')

/**
 * Every setting, validated once; the only reader of process.env. Each one's `description` (and `defaultText`, where
 * the schema's own default does not say it) is docs/configuration.md: `npm run docs:configuration` writes it.
 */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).meta({ description: 'HTTP port' }),
  HOST: z.string().min(1).optional().meta({
    description:
      'listen address; demo mode stays on this machine because its passwords are public (set `HOST=0.0.0.0` to show the demo on a network)',
    defaultText: '`127.0.0.1` in demo mode, else `0.0.0.0`',
  }),
  DATA_DIR: z
    .string()
    .default('./data')
    .meta({ description: 'embedded database (`pglite/`) and stored files (`files/`, served at `/img/{name}`)' }),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .meta({ description: '`postgres://…` of a real PostgreSQL server; when set, PGlite is not used' }),
  DEMO_MODE: booleanString.optional().meta({
    description: 'seeds demo data and known passwords on an empty database, starts stand-ins for unset integrations',
    defaultText: '`true` without `DATABASE_URL`, else `false`',
  }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .meta({ description: '`fatal` … `trace`, or `silent`' }),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60)
    .meta({ description: 'a session unused this long ends' }),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24)
    .meta({ description: 'a session ends this long after sign-in, used or not' }),
  LOGIN_MAX_FAILURES: z.coerce
    .number()
    .int()
    .positive()
    .default(5)
    .meta({ description: 'failed sign-ins per account and address within the window before 429' }),
  LOGIN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(15)
    .meta({ description: 'the window of that count' }),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(10).meta({
    description:
      'failed sign-ins of one account from any address within the window; past it every try waits 2^k seconds after the last failure (an address the account signed in from in the last 30 days is spared)',
  }),
  LOGIN_BACKOFF_MAX_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(300)
    .meta({ description: 'the longest of those waits' }),
  LOGIN_GLOBAL_MAX_FAILURES: z.coerce.number().int().positive().default(300).meta({
    description:
      'failed sign-ins per minute over all accounts (password spraying) before addresses without an earlier sign-in wait a minute',
  }),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (value) => value !== 'true',
      "'true' would believe any client's X-Forwarded-For: give a hop count or addresses",
    )
    .transform((value): number | string | false =>
      value === '' || value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
    )
    .optional()
    .meta({
      description:
        "proxies whose `X-Forwarded-For`/`-Host`/`-Proto` are believed: a hop count (`1` behind one load balancer) or addresses/CIDR ranges (`10.0.0.0/8,192.168.1.5`); off, the socket's address counts and those headers are ignored. `true` is refused (any client could then choose its address); see `docs/decisions/012-trusted-proxies-and-sign-in-throttling.md`",
      defaultText: 'off',
    }),
  OIDC_ISSUER: z.string().url().optional().meta({
    description:
      'Entra ID issuer of one tenant, e.g. `https://login.microsoftonline.com/<tenant-id>/v2.0`; unset outside demo mode, Office 365 sign-in answers 503 "not configured"',
    defaultText: '— (demo: local provider at `/oidc`)',
  }),
  OIDC_CLIENT_ID: z.string().min(1).optional().meta({
    description: "the app registration's client id; required with `OIDC_ISSUER`",
  }),
  OIDC_CLIENT_SECRET: z.string().min(1).optional().meta({
    description: "the app registration's client secret; required with `OIDC_ISSUER`",
  }),
  OIDC_REDIRECT_URI: z.string().url().optional().meta({
    description:
      'redirect URI registered with the identity provider; required with `OIDC_ISSUER` outside demo mode (never taken from request headers)',
    defaultText: 'demo mode: `{request origin}/azure`',
  }),
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .meta({ description: 'scopes requested; the email comes from `email`, then `preferred_username`, then `upn`' }),
  PUBLISH_HOOK_URL: z.string().url().optional().meta({
    description: "the public website's rebuild hook, POSTed on Rebuild CMS Pages; unset, requests are only recorded",
  }),
  PUBLISH_HOOK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10_000)
    .meta({ description: 'timeout of that POST' }),
  SSM_URL: z
    .string()
    .url()
    .optional()
    .meta({ description: 'SOAP endpoint of the storage-management system', defaultText: '— (stand-in)' }),
  SSM_CORP_CODE: z.string().default('DEMO').meta({
    description: "the integration's corporate code, sent in every SOAP body",
  }),
  SSM_USER: z.string().default('storageops').meta({
    description: "the integration's user, sent in every SOAP body",
  }),
  SSM_PASSWORD: z.string().default('ssm-demo').meta({
    description: "the integration's password, sent in every SOAP body",
  }),
  SSM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000).meta({ description: 'SOAP call timeout' }),
  PUBLIC_SITE_URL: z
    .string()
    .url()
    .default('https://www.harborpointstorage.example')
    .meta({ description: 'the public website; facility Website links are `{PUBLIC_SITE_URL}/{slug}`' }),
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .optional()
    .meta({ description: "this server's public address, when behind a proxy" }),
  FIELD_BASE_URL: z.string().url().optional().meta({
    description: "the field tool's address as staff reach it; the link to the task in assignment emails",
    defaultText: '`http://snapshot.localhost:{PORT}`',
  }),
  WEB_PUSH_PUBLIC_KEY: z.string().min(1).optional().meta({
    description:
      "the public key of the VAPID key pair of Web Push for notifications on assignment (`npx web-push generate-vapid-keys`); all three `WEB_PUSH_*` or none. Unset, the field tool's bell says _Push notifications are off on this server._",
    defaultText: '— (push off)',
  }),
  WEB_PUSH_PRIVATE_KEY: z.string().min(1).optional().meta({
    description: 'the private key of that pair',
    defaultText: '— (push off)',
  }),
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'WEB_PUSH_SUBJECT must be a mailto: or https: address')
    .optional()
    .meta({
      description: 'the VAPID contact push services may write to: `mailto:ops@example.com` or an `https:` address',
    }),
  WEB_PUSH_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10_000)
    .meta({ description: 'a push the push service has not answered by then is tried again' }),
  WEB_PUSH_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5).meta({
    description:
      'a push the push service did not take (5xx, 429, a timeout) is tried again at most this many times (pg-boss backoff); a 404/410 forgets the subscription, another 4xx is not retried',
  }),
  WEB_PUSH_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .meta({ description: 'the first retry of a push comes 1–2 × this later, the next 2–4 ×, then 4–8 × …' }),
  SEED_SCALE: z.coerce
    .number()
    .positive()
    .default(1)
    .meta({ description: 'facility-count multiplier of the first-run demo seed' }),
  WEB_DIST: z
    .string()
    .optional()
    .meta({ description: 'folder of the built web app to serve', defaultText: '`apps/web/dist`' }),
  SECRETS_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64')
    .meta({
      description:
        '32 bytes, base64 (`openssl rand -base64 32`): encrypts the payment-terminal keys of locations (`xwebauthkey`, `kiosk_xwebauthkey`) with AES-256-GCM. Outside demo mode it is required before such a key can be saved (422 otherwise); keep it stable, keys saved under another key show only `••••`',
      defaultText: '— (demo: a fixed, public demo key)',
    }),
  S3_BUCKET: z.string().min(1).optional().meta({
    description:
      'keep stored files (photos, property maps) in this S3-compatible bucket instead of `DATA_DIR/files`; `/img/{name}` then streams from the bucket',
  }),
  S3_ENDPOINT: z
    .string()
    .url()
    .optional()
    .meta({ description: 'endpoint of a non-AWS store such as MinIO or R2', defaultText: '— (AWS)' }),
  S3_REGION: z.string().default('us-east-1').meta({ description: 'bucket region' }),
  S3_ACCESS_KEY_ID: z.string().min(1).optional().meta({
    description: 'access key id for the bucket',
    defaultText: '— (SDK default chain)',
  }),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().meta({
    description: 'secret access key for the bucket',
    defaultText: '— (SDK default chain)',
  }),
  S3_FORCE_PATH_STYLE: booleanString.optional().meta({
    description: 'path-style addressing (`endpoint/bucket/key`)',
    defaultText: '`true` with `S3_ENDPOINT`, else `false`',
  }),
  S3_PREFIX: z
    .string()
    .default('')
    .meta({ description: 'key prefix inside the bucket, e.g. `storageops/`', defaultText: '—' }),
  JOB_STALE_SECONDS: z.coerce.number().int().min(3).default(30).meta({
    description:
      'a running job whose worker has not renewed its lease for this long is taken as lost (the worker crashed) and failed in pg-boss, which retries it from its rows or gives it up (`docs/decisions/013-job-crash-recovery.md`)',
  }),
  GATE_CODE_JOB_RETRY_SECONDS: z.coerce.number().int().min(1).default(30).meta({
    description: 'gate-code rotation: seconds before a failed or lost rotation job runs again for the facilities left',
  }),
  GATE_CODE_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(2000).meta({
    description:
      'gate-code rotation: wait before retrying a facility the storage-management system refused (doubled before the third try)',
  }),
  TASK_PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024)
    .meta({ description: 'largest accepted task photo; bigger uploads get 413', defaultText: '`10485760` (10 MiB)' }),
  BRANDS_PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024)
    .meta({
      description: 'largest accepted brand-standards photo; bigger uploads get 413',
      defaultText: '`10485760` (10 MiB)',
    }),
  ANALYTICS_EMBED_ENDPOINT: z.string().url().optional().meta({
    description:
      'the cloud function the Dashboard\'s analytics frame asks for its address (GET, answers `{ "EmbedUrl": "https://…" }`); unset, the frame shows the product\'s own report at `/snapshot/dashboard/analytics`',
    defaultText: '— (built-in report)',
  }),
  ANALYTICS_EMBED_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10_000)
    .meta({ description: "timeout of that GET; a failure shows a message in the frame's place" }),
  UPLOADS_PER_USER: z.coerce.number().int().positive().default(3).meta({
    description:
      'multipart uploads one user (signed out: one address) may run at once on one instance; the next gets 429',
  }),
  UNIT_MAP_CSV_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024)
    .meta({
      description: 'largest accepted facility-map CSV; bigger uploads get 413 before they are read',
      defaultText: '`5242880` (5 MiB)',
    }),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .meta({
      description:
        'SMTP server for email, as nodemailer reads it: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`. Unset in demo mode: an in-process SMTP server keeps every message as `.eml` under `DATA_DIR/outbox/`; unset outside demo mode: emails fail with _Email is not configured_',
      defaultText: '— (demo: stand-in)',
    }),
  EMAIL_FROM: z.string().min(3).default('"Harbor Point Self Storage" <notices@harborpoint.example>').meta({
    description: 'From of every email',
    defaultText: '`"Harbor Point Self Storage" <notices@harborpoint.example>`',
  }),
  SMS_URL: z.string().url().optional().meta({
    description: 'base address of a Twilio-compatible REST API, e.g. `https://api.twilio.com`',
    defaultText: '— (demo: stand-in)',
  }),
  SMS_ACCOUNT_SID: z.string().min(1).optional().meta({
    description: "the account's SID: the user of our calls' Basic auth",
  }),
  SMS_AUTH_TOKEN: z.string().min(1).optional().meta({
    description:
      "the account's auth token: the password of our calls' Basic auth, and the key of the `X-Twilio-Signature` on its callbacks",
  }),
  SMS_FROM: z.string().min(1).optional().meta({
    description: 'sending number (E.164) or messaging-service SID (`MG…`)',
    defaultText: '`+15005550006` in demo',
  }),
  OUTBOX_SEND_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(20_000)
    .meta({ description: 'one SMTP or SMS send may take this long' }),
  OUTBOX_CLAIM_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60)
    .meta({ description: 'a message claimed by a sender that stopped (crash) is taken over after this long' }),
  OUTBOX_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(20)
    .default(5)
    .meta({ description: 'attempts per message before it is failed' }),
  OUTBOX_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .min(0)
    .default(30)
    .meta({ description: 'wait before the second attempt, doubled for each next one' }),
  OUTBOX_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(20)
    .default(4)
    .meta({ description: 'messages each server sends at once' }),
  OUTBOX_POLL_MS: z.coerce
    .number()
    .int()
    .min(50)
    .default(1000)
    .meta({ description: 'how often each server looks for messages due' }),
  TEMPLATE_ISSUE_FAILURE_PERCENT: z.coerce.number().min(0).max(100).default(20).meta({
    description:
      'a template turns Issue when more than this share of its last 20 sends of the day failed (at least 5 sends)',
  }),
  NOTICE_PACING_SECONDS: z.coerce
    .number()
    .min(0)
    .default(5)
    .meta({ description: 'lease-termination notices go this far apart' }),
  NOTICE_LINK_SECRET: z.string().min(16).optional().meta({
    description:
      "signs the tenants' notice links; outside demo mode one of the two is required before notices can be generated (503 otherwise)",
    defaultText: '— (`SECRETS_KEY`, else a public demo secret in demo mode)',
  }),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional().meta({
    description:
      'the bearer a Prometheus scraper sends to `GET /metrics` (docs/areas/metrics.md); unset, the metrics answer only requests from this machine that no proxy forwarded',
    defaultText: '— (this machine only)',
  }),
})

export type Env = Omit<z.infer<typeof EnvSchema>, 'HOST'> & { HOST: string; demoMode: boolean; dataDir: string }

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`Invalid settings: ${problems}`)
  }
  const env = parsed.data
  const demoMode = env.DEMO_MODE ?? !env.DATABASE_URL
  // The redirect URI must not come from request headers a client can set (issue 12).
  if (!demoMode && env.OIDC_ISSUER && !env.OIDC_REDIRECT_URI)
    throw new Error('Invalid settings: OIDC_REDIRECT_URI is required with OIDC_ISSUER outside demo mode')
  const push = [env.WEB_PUSH_PUBLIC_KEY, env.WEB_PUSH_PRIVATE_KEY, env.WEB_PUSH_SUBJECT]
  if (push.some(Boolean) && !push.every(Boolean))
    throw new Error('Invalid settings: WEB_PUSH_PUBLIC_KEY, WEB_PUSH_PRIVATE_KEY and WEB_PUSH_SUBJECT go together')
  return {
    ...env,
    HOST: env.HOST ?? (demoMode ? '127.0.0.1' : '0.0.0.0'),
    demoMode,
    dataDir: path.resolve(env.DATA_DIR),
  }
}
