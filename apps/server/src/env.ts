import path from 'node:path'
import { z } from 'zod'

const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true')

/** Every setting, validated once; the only reader of process.env. README's Configuration table documents each one. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DEMO_MODE: booleanString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().positive().default(300),
  LOGIN_GLOBAL_MAX_FAILURES: z.coerce.number().int().positive().default(300),
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
    .optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_REDIRECT_URI: z.string().url().optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  PUBLISH_HOOK_URL: z.string().url().optional(),
  PUBLISH_HOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SSM_URL: z.string().url().optional(),
  SSM_CORP_CODE: z.string().default('DEMO'),
  SSM_USER: z.string().default('storageops'),
  SSM_PASSWORD: z.string().default('ssm-demo'),
  SSM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  PUBLIC_SITE_URL: z.string().url().default('https://www.harborpointstorage.example'),
  PUBLIC_BASE_URL: z.string().url().optional(),
  FIELD_BASE_URL: z.string().url().optional(),
  WEB_PUSH_PUBLIC_KEY: z.string().min(1).optional(),
  WEB_PUSH_PRIVATE_KEY: z.string().min(1).optional(),
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'WEB_PUSH_SUBJECT must be a mailto: or https: address')
    .optional(),
  WEB_PUSH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WEB_PUSH_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  WEB_PUSH_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(30),
  SEED_SCALE: z.coerce.number().positive().default(1),
  WEB_DIST: z.string().optional(),
  SECRETS_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.optional(),
  S3_PREFIX: z.string().default(''),
  JOB_STALE_SECONDS: z.coerce.number().int().min(3).default(30),
  GATE_CODE_JOB_RETRY_SECONDS: z.coerce.number().int().min(1).default(30),
  GATE_CODE_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  TASK_PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  BRANDS_PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  ANALYTICS_EMBED_ENDPOINT: z.string().url().optional(),
  ANALYTICS_EMBED_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  UPLOADS_PER_USER: z.coerce.number().int().positive().default(3),
  /** Largest facility-map CSV accepted, in bytes (issue 5); larger uploads get 413 before they are buffered. */
  UNIT_MAP_CSV_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('"Harbor Point Self Storage" <notices@harborpoint.example>'),
  SMS_URL: z.string().url().optional(),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  OUTBOX_SEND_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  OUTBOX_CLAIM_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(60),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  OUTBOX_RETRY_DELAY_SECONDS: z.coerce.number().min(0).default(30),
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(4),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  TEMPLATE_ISSUE_FAILURE_PERCENT: z.coerce.number().min(0).max(100).default(20),
  NOTICE_PACING_SECONDS: z.coerce.number().min(0).default(5),
  NOTICE_LINK_SECRET: z.string().min(16).optional(),
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
