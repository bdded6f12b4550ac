import net from 'node:net'
import path from 'node:path'

import { z } from 'zod'

/** Every server setting, read once from environment variables. Defaults suit one machine on loopback. */
export interface WechatPayConfig {
  mchId: string
  appId: string
  serialNo: string
  privateKeyPath: string
  apiV3Key: string
  platformCertPath: string
  /** Serial of that platform certificate or platform public key: notices signed under another are refused. */
  platformSerial: string
  notifyUrl: string
  /** Where WeChat Pay sends refund results. */
  refundNotifyUrl: string
  /** Where WeChat Pay sends merchant transfer (withdrawal) results. */
  transferNotifyUrl: string
  /** 转账场景 the merchant was granted: 1005 佣金报酬 (default) or 1000 现金营销. */
  transferSceneId: string
  /** 用户收款感知 shown to the payee; empty: the scene's default. */
  transferPerception: string
  apiBase: string
}

export interface TencentSmsConfig {
  secretId: string
  secretKey: string
  sdkAppId: string
  signName: string
  templateId: string
  region: string
  endpoint: string
}

/** Tencent Captcha (天御验证码): the app and its key, and the cloud API key that checks tickets. */
export interface TencentCaptchaConfig {
  appId: string
  appSecretKey: string
  secretId: string
  secretKey: string
  endpoint: string
}

export interface AliyunSmsConfig {
  accessKeyId: string
  accessKeySecret: string
  signName: string
  templateCode: string
  endpoint: string
}

/** An S3-compatible bucket (Tencent COS, Alibaba OSS, MinIO, AWS S3). */
export interface S3Config {
  /** Empty: AWS S3 itself. */
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean
  /** CDN address public uploads are read from; empty: the bucket's own address. */
  publicBaseUrl: string
}

/** An OpenAI-compatible chat-completions provider for the bazi reading. */
export interface AiConfig {
  baseUrl: string
  apiKey: string
  model: string
  /** the whole answer must arrive within this */
  timeoutMs: number
  /** AI readings one user may start per day (China time); failed ones do not count. */
  dailyLimit: number
}

export interface Config {
  nodeEnv: string
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string
  logLevel: string
  /**
   * Which X-Forwarded-For entries to believe (only behind a reverse proxy): the number of proxy hops in front of the
   * server, or the proxies' own addresses/CIDRs; false: none, the socket's address is the client's.
   */
  trustProxy: TrustProxy
  /** Outside production, allows a non-loopback HOST while a simulator or sandbox pay is on (a public demo). */
  demoPublic: boolean
  /** Writes without a login (logins, page views) one address may make per minute, per kind. */
  publicWriteIpLimit: number
  tokenTtlDays: number
  /** Signs course video links; empty: a random secret kept in the data folder is used. */
  mediaSecret: string
  /** Encrypts ID numbers at rest (64 hex digits or base64 of 32 bytes); empty: a random key kept in the data folder. */
  dataKey: string
  /** A file holding the data key (a `data-key` moved out of DATA_DIR); outside the data folder in production. */
  dataKeyFile: string
  /** Load the demo content once into an empty database. */
  demoData: boolean
  wechat: {
    provider: 'simulator' | 'wechat'
    appId: string
    appSecret: string
    mpAppId: string
    mpAppSecret: string
    /** Which build a mini-program code opens: release, trial or develop. */
    mpEnvVersion: 'release' | 'trial' | 'develop'
    /** Token of the mini-program's message push (消息推送); with it, images go to WeChat's asynchronous check. */
    mpPushToken: string
    apiBase: string
  }
  /** The operators' 企业微信群机器人 webhook (new paid orders, after-sale requests, withdrawals, reviews); empty: none. */
  operatorWebhookUrl: string
  /** An operator-kept file of extra words refused in users' content, one a line; empty: only the built-in list. */
  contentWordsFile: string
  pay: { provider: 'sandbox' | 'wechat'; wechat: WechatPayConfig }
  /** Hosts the in-app web view may open (pages/web/web); any other address is refused. */
  webViewHosts: string[]
  sms: {
    provider: 'simulator' | 'tencent' | 'aliyun'
    perIpHourly: number
    perMobileDaily: number
    hourly: number
    tencent: TencentSmsConfig
    aliyun: AliyunSmsConfig
  }
  /** The human check before web SMS sends, once an address or a number has asked `after` times (an hour / a day). */
  captcha: { provider: 'simulator' | 'tencent'; after: number; tencent: TencentCaptchaConfig }
  /** Without it the reading is composed by rules. */
  ai: AiConfig | undefined
  mapKey: string
  distDir: string
  uploadDir: string
  /** Private images (ID photos, documents, floor plans) with STORAGE=local; never served as files. */
  privateDir: string
  /** How long a signed link to a private image is valid, in seconds. */
  privateLinkTtlSec: number
  /** Worker processes of `npm run cluster`; 0: one per CPU core. */
  workers: number
  /** Where uploads and course media live: this machine's disk, or a bucket shared by every server. */
  storage: { driver: 'local' | 's3'; s3: S3Config }
  /** The operator console's build, served at /admin/. */
  adminDistDir: string
  /** Password of the first owner `admin`, created when no operator exists; empty: a random one, printed once. */
  adminInitialPassword: string
  /**
   * A user may cancel a paid service booking (refunded) until this many hours before it starts; after it only an
   * operator can.
   */
  serviceCancelHours: number
}

type Env = Record<string, string | undefined>

/** Fastify's trustProxy: a hop count or proxy addresses, never `true` (which believes whatever a client writes). */
export type TrustProxy = false | number | string[]

const repoRoot = path.resolve(__dirname, '..')

// Setting types. An empty variable counts as unset; each message names what is expected in Chinese and English.
const text = () => z.string().optional()
const int = (fallback: number) =>
  z.string().regex(/^\d+$/, '必须是非负整数 (must be a non-negative integer)').transform(Number).default(fallback)
/** DATA_KEY's form, shared with the rotation's NEW_DATA_KEY (core/data-key.ts). */
export const DATA_KEY_FORM = /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/
export const MSG_DATA_KEY_FORM =
  '必须是 32 字节的密钥：64 位十六进制或 base64 (must be 32 bytes: 64 hex digits or base64)'
const oneOf = <T extends string>(values: readonly [T, ...T[]]) =>
  z.enum(values, { error: `只能是 ${values.join('、')} 之一 (must be one of ${values.join('|')})` }).optional()
const flag = () =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off'], { error: '只能是 1/0、true/false 或 on/off (must be a boolean)' })
    .transform((v) => v === '1' || v === 'true' || v === 'on')
    .optional()
// An address (IPv4/IPv6) or a CIDR of one, or proxy-addr's named ranges.
const PROXY_ENTRY = /^(?:loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(?:\/\d{1,3})?)$/
const isProxyEntry = (entry: string) => {
  if (!PROXY_ENTRY.test(entry)) return false
  const [address, bits] = entry.split('/')
  const family = /^[a-z]+$/.test(address) ? -1 : net.isIP(address)
  if (family === 0) return false
  return bits === undefined || Number(bits) <= (family === 4 ? 32 : 128)
}
const trustProxy = () =>
  z
    .string()
    .transform((v, ctx): TrustProxy => {
      const value = v.trim()
      if (/^(?:false|off)$/i.test(value)) return false
      if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value)
      const entries = value.split(',').map((e) => e.trim())
      if (entries.every((e) => e && isProxyEntry(e))) return entries
      ctx.addIssue({
        code: 'custom',
        message:
          '必须是反向代理的层数（如 1）或代理的地址列表（如 127.0.0.1,10.0.0.0/8）；不接受 true，它会相信客户端伪造的 ' +
          'X-Forwarded-For (must be a hop count such as 1, or a comma list of proxy addresses/CIDRs)'
      })
      return z.NEVER
    })
    .optional()
const httpUrl = () => z.url({ protocol: /^https?$/, error: '必须是 http(s) 地址 (must be an http(s) URL)' }).optional()

/**
 * Every environment variable the server reads, one line each. README.md and server/README.md list them all (a test
 * checks).
 */
export const settingsSchema = z.object({
  NODE_ENV: text(),
  PORT: int(3000),
  HOST: text(),
  DATA_DIR: text(),
  DATABASE_URL: text(),
  PUBLIC_URL: httpUrl(),
  LOG_LEVEL: oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']),
  TRUST_PROXY: trustProxy(),
  DEMO_PUBLIC: flag(),
  PUBLIC_WRITE_IP_LIMIT: int(60),
  TOKEN_TTL_DAYS: int(30),
  MEDIA_SECRET: text(),
  DATA_KEY: z.string().regex(DATA_KEY_FORM, MSG_DATA_KEY_FORM).optional(),
  DATA_KEY_FILE: text(),
  DEMO_DATA: flag(),
  MAP_KEY: text(),
  DIST_DIR: text(),
  WEB_VIEW_HOSTS: text(),

  WECHAT_PROVIDER: oneOf(['simulator', 'wechat']),
  WECHAT_APP_ID: text(),
  WECHAT_APP_SECRET: text(),
  WECHAT_MP_APP_ID: text(),
  WECHAT_MP_APP_SECRET: text(),
  WECHAT_MP_ENV_VERSION: oneOf(['release', 'trial', 'develop']),
  WECHAT_MP_PUSH_TOKEN: text(),
  WECHAT_API_BASE: httpUrl(),
  CONTENT_WORDS_FILE: text(),
  OPERATOR_WEBHOOK_URL: httpUrl(),

  PAY_PROVIDER: oneOf(['sandbox', 'wechat']),
  WECHAT_PAY_MCH_ID: text(),
  WECHAT_PAY_APP_ID: text(),
  WECHAT_PAY_SERIAL_NO: text(),
  WECHAT_PAY_PRIVATE_KEY_PATH: text(),
  WECHAT_PAY_API_V3_KEY: text(),
  WECHAT_PAY_PLATFORM_CERT_PATH: text(),
  WECHAT_PAY_PLATFORM_SERIAL: text(),
  WECHAT_PAY_NOTIFY_URL: httpUrl(),
  WECHAT_PAY_REFUND_NOTIFY_URL: httpUrl(),
  WECHAT_PAY_TRANSFER_NOTIFY_URL: httpUrl(),
  WECHAT_PAY_TRANSFER_SCENE_ID: oneOf(['1005', '1000']),
  WECHAT_PAY_TRANSFER_PERCEPTION: text(),
  WECHAT_PAY_API_BASE: httpUrl(),

  SMS_PROVIDER: oneOf(['simulator', 'tencent', 'aliyun']),
  SMS_IP_HOURLY_LIMIT: int(20),
  SMS_MOBILE_DAILY_LIMIT: int(10),
  SMS_HOURLY_LIMIT: int(300),
  TENCENT_SMS_SECRET_ID: text(),
  TENCENT_SMS_SECRET_KEY: text(),
  TENCENT_SMS_SDK_APP_ID: text(),
  TENCENT_SMS_SIGN_NAME: text(),
  TENCENT_SMS_TEMPLATE_ID: text(),
  TENCENT_SMS_REGION: text(),
  TENCENT_SMS_ENDPOINT: httpUrl(),
  CAPTCHA_PROVIDER: oneOf(['simulator', 'tencent']),
  SMS_CAPTCHA_AFTER: int(3),
  TENCENT_CAPTCHA_APP_ID: text(),
  TENCENT_CAPTCHA_APP_SECRET_KEY: text(),
  TENCENT_CAPTCHA_SECRET_ID: text(),
  TENCENT_CAPTCHA_SECRET_KEY: text(),
  TENCENT_CAPTCHA_ENDPOINT: httpUrl(),
  ALIYUN_SMS_ACCESS_KEY_ID: text(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: text(),
  ALIYUN_SMS_SIGN_NAME: text(),
  ALIYUN_SMS_TEMPLATE_CODE: text(),
  ALIYUN_SMS_ENDPOINT: httpUrl(),

  AI_BASE_URL: httpUrl(),
  AI_API_KEY: text(),
  AI_MODEL: text(),
  AI_TIMEOUT_MS: int(180_000),
  AI_DAILY_LIMIT: int(20),

  WORKERS: int(0),
  STORAGE: oneOf(['local', 's3']),
  S3_ENDPOINT: httpUrl(),
  S3_REGION: text(),
  S3_BUCKET: text(),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_FORCE_PATH_STYLE: flag(),
  S3_PUBLIC_BASE_URL: httpUrl(),

  ADMIN_DIST_DIR: text(),
  ADMIN_INITIAL_PASSWORD: text(),

  SERVICE_CANCEL_HOURS: int(24),
  PRIVATE_LINK_MINUTES: int(60)
})

export type Settings = z.infer<typeof settingsSchema>

/** Invalid settings, one line each: the variable's name and what it must be. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`配置有误 (invalid configuration):\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

/** Reads and checks every setting at once, so one message lists all that are wrong. */
export function readSettings(env: Env = process.env): Settings {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = settingsSchema.safeParse(given)
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`))
  return parsed.data
}

const noSlash = (url: string) => url.replace(/\/+$/, '')

export function loadConfig(env: Env = process.env): Config {
  const s = readSettings(env)
  const { PORT: port } = s
  const host = s.HOST ?? '127.0.0.1'
  const nodeEnv = s.NODE_ENV ?? 'development'
  const dataDir = path.resolve(repoRoot, s.DATA_DIR ?? '.data')
  const publicUrl = noSlash(s.PUBLIC_URL ?? `http://${host}:${port}`)
  // Either app configured means real WeChat: a mini-program alone must not leave the simulator (and sandbox pay) on.
  const officialAccount = Boolean(s.WECHAT_APP_ID && s.WECHAT_APP_SECRET)
  const miniProgram = Boolean(s.WECHAT_MP_APP_ID && s.WECHAT_MP_APP_SECRET)
  const wechatProvider = s.WECHAT_PROVIDER ?? (officialAccount || miniProgram ? 'wechat' : 'simulator')
  return {
    nodeEnv,
    port,
    host,
    dataDir,
    databaseUrl: s.DATABASE_URL,
    publicUrl,
    logLevel: s.LOG_LEVEL ?? 'info',
    trustProxy: s.TRUST_PROXY ?? false,
    demoPublic: s.DEMO_PUBLIC ?? false,
    publicWriteIpLimit: s.PUBLIC_WRITE_IP_LIMIT,
    tokenTtlDays: s.TOKEN_TTL_DAYS,
    mediaSecret: s.MEDIA_SECRET ?? '',
    dataKey: s.DATA_KEY ?? '',
    dataKeyFile: s.DATA_KEY_FILE ? path.resolve(repoRoot, s.DATA_KEY_FILE) : '',
    // Demo content belongs to a local trial: never by default in production or on a PostgreSQL server.
    demoData: s.DEMO_DATA ?? (nodeEnv !== 'production' && !s.DATABASE_URL),
    wechat: {
      provider: wechatProvider,
      appId: s.WECHAT_APP_ID ?? 'wxsimulator00000001',
      appSecret: s.WECHAT_APP_SECRET ?? '',
      mpAppId: s.WECHAT_MP_APP_ID ?? 'wxsimulator00000002',
      mpAppSecret: s.WECHAT_MP_APP_SECRET ?? '',
      mpEnvVersion: s.WECHAT_MP_ENV_VERSION ?? 'release',
      mpPushToken: s.WECHAT_MP_PUSH_TOKEN ?? '',
      apiBase: noSlash(s.WECHAT_API_BASE ?? 'https://api.weixin.qq.com')
    },
    pay: {
      // With real WeChat (or a merchant id) set, a forgotten PAY_PROVIDER must not make every purchase free.
      provider: s.PAY_PROVIDER ?? (wechatProvider === 'wechat' || s.WECHAT_PAY_MCH_ID ? 'wechat' : 'sandbox'),
      wechat: {
        mchId: s.WECHAT_PAY_MCH_ID ?? '',
        appId: s.WECHAT_PAY_APP_ID ?? s.WECHAT_APP_ID ?? s.WECHAT_MP_APP_ID ?? '',
        serialNo: s.WECHAT_PAY_SERIAL_NO ?? '',
        privateKeyPath: s.WECHAT_PAY_PRIVATE_KEY_PATH ?? '',
        apiV3Key: s.WECHAT_PAY_API_V3_KEY ?? '',
        platformCertPath: s.WECHAT_PAY_PLATFORM_CERT_PATH ?? '',
        platformSerial: s.WECHAT_PAY_PLATFORM_SERIAL ?? '',
        notifyUrl: s.WECHAT_PAY_NOTIFY_URL ?? `${publicUrl}/api/pay.notify/wechat`,
        refundNotifyUrl: s.WECHAT_PAY_REFUND_NOTIFY_URL ?? `${publicUrl}/api/pay.notify/wechatRefund`,
        transferNotifyUrl: s.WECHAT_PAY_TRANSFER_NOTIFY_URL ?? `${publicUrl}/api/pay.notify/wechatTransfer`,
        transferSceneId: s.WECHAT_PAY_TRANSFER_SCENE_ID ?? '1005',
        transferPerception:
          s.WECHAT_PAY_TRANSFER_PERCEPTION ?? ((s.WECHAT_PAY_TRANSFER_SCENE_ID ?? '1005') === '1005' ? '劳务报酬' : ''),
        apiBase: noSlash(s.WECHAT_PAY_API_BASE ?? 'https://api.mch.weixin.qq.com')
      }
    },
    webViewHosts: (s.WEB_VIEW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    sms: {
      provider: s.SMS_PROVIDER ?? 'simulator',
      perIpHourly: s.SMS_IP_HOURLY_LIMIT,
      perMobileDaily: s.SMS_MOBILE_DAILY_LIMIT,
      hourly: s.SMS_HOURLY_LIMIT,
      tencent: {
        secretId: s.TENCENT_SMS_SECRET_ID ?? '',
        secretKey: s.TENCENT_SMS_SECRET_KEY ?? '',
        sdkAppId: s.TENCENT_SMS_SDK_APP_ID ?? '',
        signName: s.TENCENT_SMS_SIGN_NAME ?? '',
        templateId: s.TENCENT_SMS_TEMPLATE_ID ?? '',
        region: s.TENCENT_SMS_REGION ?? 'ap-guangzhou',
        endpoint: noSlash(s.TENCENT_SMS_ENDPOINT ?? 'https://sms.tencentcloudapi.com')
      },
      aliyun: {
        accessKeyId: s.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
        accessKeySecret: s.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
        signName: s.ALIYUN_SMS_SIGN_NAME ?? '',
        templateCode: s.ALIYUN_SMS_TEMPLATE_CODE ?? '',
        endpoint: noSlash(s.ALIYUN_SMS_ENDPOINT ?? 'https://dysmsapi.aliyuncs.com')
      }
    },
    captcha: {
      provider: s.CAPTCHA_PROVIDER ?? (s.TENCENT_CAPTCHA_APP_ID ? 'tencent' : 'simulator'),
      after: s.SMS_CAPTCHA_AFTER,
      tencent: {
        appId: s.TENCENT_CAPTCHA_APP_ID ?? '',
        appSecretKey: s.TENCENT_CAPTCHA_APP_SECRET_KEY ?? '',
        // One Tencent Cloud account usually holds both products: its SMS key checks tickets too.
        secretId: s.TENCENT_CAPTCHA_SECRET_ID ?? s.TENCENT_SMS_SECRET_ID ?? '',
        secretKey: s.TENCENT_CAPTCHA_SECRET_KEY ?? s.TENCENT_SMS_SECRET_KEY ?? '',
        endpoint: noSlash(s.TENCENT_CAPTCHA_ENDPOINT ?? 'https://captcha.tencentcloudapi.com')
      }
    },
    ai:
      s.AI_BASE_URL && s.AI_API_KEY && s.AI_MODEL
        ? {
            baseUrl: noSlash(s.AI_BASE_URL),
            apiKey: s.AI_API_KEY,
            model: s.AI_MODEL,
            timeoutMs: s.AI_TIMEOUT_MS,
            dailyLimit: s.AI_DAILY_LIMIT
          }
        : undefined,
    operatorWebhookUrl: s.OPERATOR_WEBHOOK_URL ?? '',
    mapKey: s.MAP_KEY ?? '',
    contentWordsFile: s.CONTENT_WORDS_FILE ? path.resolve(repoRoot, s.CONTENT_WORDS_FILE) : '',
    distDir: path.resolve(repoRoot, s.DIST_DIR ?? 'dist/h5'),
    uploadDir: path.join(dataDir, 'uploads'),
    privateDir: path.join(dataDir, 'private'),
    // Pre-signed S3 links live at most 7 days.
    privateLinkTtlSec: Math.min(Math.max(s.PRIVATE_LINK_MINUTES, 1), 7 * 24 * 60) * 60,
    workers: s.WORKERS,
    storage: {
      driver: s.STORAGE ?? 'local',
      s3: {
        endpoint: noSlash(s.S3_ENDPOINT ?? ''),
        region: s.S3_REGION ?? 'us-east-1',
        bucket: s.S3_BUCKET ?? '',
        accessKeyId: s.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: s.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: s.S3_FORCE_PATH_STYLE ?? false,
        publicBaseUrl: noSlash(s.S3_PUBLIC_BASE_URL ?? '')
      }
    },
    adminDistDir: path.resolve(repoRoot, s.ADMIN_DIST_DIR ?? 'dist/admin'),
    adminInitialPassword: s.ADMIN_INITIAL_PASSWORD ?? '',
    serviceCancelHours: s.SERVICE_CANCEL_HOURS
  }
}
