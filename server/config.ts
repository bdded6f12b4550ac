import path from 'node:path'

/** Every server setting, read once from environment variables. Defaults suit one machine on loopback. */
export interface WechatPayConfig {
  mchId: string
  appId: string
  serialNo: string
  privateKeyPath: string
  apiV3Key: string
  platformCertPath: string
  notifyUrl: string
  /** Where WeChat Pay sends refund results. */
  refundNotifyUrl: string
  apiBase: string
}

export interface Config {
  nodeEnv: string
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string
  logLevel: string
  /** Trust X-Forwarded-For (only behind a reverse proxy): per-IP limits use the client's address. */
  trustProxy: boolean
  tokenTtlDays: number
  /** Signs course video links; empty: a random secret kept in the data folder is used. */
  mediaSecret: string
  wechat: {
    provider: 'simulator' | 'wechat'
    appId: string
    appSecret: string
    mpAppId: string
    mpAppSecret: string
    /** Which build a mini-program code opens: release, trial or develop. */
    mpEnvVersion: 'release' | 'trial' | 'develop'
    apiBase: string
  }
  pay: { provider: 'sandbox' | 'wechat'; wechat: WechatPayConfig }
  /** Hosts the in-app web view may open (pages/web/web); any other address is refused. */
  webViewHosts: string[]
  sms: { provider: 'simulator'; perIpHourly: number; perMobileDaily: number }
  mapKey: string
  distDir: string
  uploadDir: string
  /** The operator console's build, served at /admin/. */
  adminDistDir: string
  /** Password of the first owner `admin`, created when no operator exists; empty: a random one, printed once. */
  adminInitialPassword: string
}

type Env = Record<string, string | undefined>

const repoRoot = path.resolve(__dirname, '..')

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new Error(`环境变量 ${name} 必须是非负整数 (${name} must be a non-negative integer): ${raw}`)
  return n
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new Error(`环境变量 ${name} 只能是 ${allowed.join('|')} (${name} must be one of ${allowed.join('|')}): ${raw}`)
  }
  return raw as T
}

export function loadConfig(env: Env = process.env): Config {
  const port = intFrom(env, 'PORT', 3000)
  const host = env.HOST || '127.0.0.1'
  const dataDir = path.resolve(repoRoot, env.DATA_DIR || '.data')
  const publicUrl = (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, '')
  const hasWechatApp = Boolean(env.WECHAT_APP_ID && env.WECHAT_APP_SECRET)
  return {
    nodeEnv: env.NODE_ENV || 'development',
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    tokenTtlDays: intFrom(env, 'TOKEN_TTL_DAYS', 30),
    mediaSecret: env.MEDIA_SECRET || '',
    wechat: {
      provider: oneOf(env, 'WECHAT_PROVIDER', ['simulator', 'wechat'] as const, hasWechatApp ? 'wechat' : 'simulator'),
      appId: env.WECHAT_APP_ID || 'wxsimulator00000001',
      appSecret: env.WECHAT_APP_SECRET || '',
      mpAppId: env.WECHAT_MP_APP_ID || 'wxsimulator00000002',
      mpAppSecret: env.WECHAT_MP_APP_SECRET || '',
      mpEnvVersion: oneOf(env, 'WECHAT_MP_ENV_VERSION', ['release', 'trial', 'develop'] as const, 'release'),
      apiBase: (env.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, '')
    },
    pay: {
      provider: oneOf(env, 'PAY_PROVIDER', ['sandbox', 'wechat'] as const, 'sandbox'),
      wechat: {
        mchId: env.WECHAT_PAY_MCH_ID || '',
        appId: env.WECHAT_PAY_APP_ID || env.WECHAT_APP_ID || '',
        serialNo: env.WECHAT_PAY_SERIAL_NO || '',
        privateKeyPath: env.WECHAT_PAY_PRIVATE_KEY_PATH || '',
        apiV3Key: env.WECHAT_PAY_API_V3_KEY || '',
        platformCertPath: env.WECHAT_PAY_PLATFORM_CERT_PATH || '',
        notifyUrl: env.WECHAT_PAY_NOTIFY_URL || `${publicUrl}/api/pay.notify/wechat`,
        refundNotifyUrl: env.WECHAT_PAY_REFUND_NOTIFY_URL || `${publicUrl}/api/pay.notify/wechatRefund`,
        apiBase: (env.WECHAT_PAY_API_BASE || 'https://api.mch.weixin.qq.com').replace(/\/+$/, '')
      }
    },
    webViewHosts: (env.WEB_VIEW_HOSTS || '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    sms: {
      provider: oneOf(env, 'SMS_PROVIDER', ['simulator'] as const, 'simulator'),
      perIpHourly: intFrom(env, 'SMS_IP_HOURLY_LIMIT', 20),
      perMobileDaily: intFrom(env, 'SMS_MOBILE_DAILY_LIMIT', 10)
    },
    mapKey: env.MAP_KEY || '',
    distDir: path.resolve(repoRoot, env.DIST_DIR || 'dist/h5'),
    uploadDir: path.join(dataDir, 'uploads'),
    adminDistDir: path.resolve(repoRoot, env.ADMIN_DIST_DIR || 'dist/admin'),
    adminInitialPassword: env.ADMIN_INITIAL_PASSWORD || ''
  }
}
