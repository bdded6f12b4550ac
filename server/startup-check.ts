import fs from 'node:fs'

import { type Config, ConfigError, loadConfig } from './config'
import { dataKeyProblem } from './core/data-key'

/** One outside service as configured: real, or a stand-in that must never face paying users. */
export interface ProviderState {
  service: string
  setting: string
  value: string
  /** What the start-up table says: 真实, 模拟, 本地 … */
  mode: string
  /** Why production refuses it; empty when it may face paying users. */
  refusal: string
}

const SIMULATOR_APP_ID = /^wxsimulator/

const standIn = (active: boolean, refusal: string, on = '模拟', off = '真实') =>
  active ? { mode: on, refusal } : { mode: off, refusal: '' }

/** The providers the configuration chooses, in the order the start-up table shows them. */
export function providerStates(config: Config): ProviderState[] {
  const { wechat, pay, sms, captcha } = config
  return [
    {
      service: '微信登录',
      setting: 'WECHAT_PROVIDER',
      value: wechat.provider,
      ...standIn(
        wechat.provider === 'simulator',
        '微信登录模拟器已启用，任何人都能冒充任意用户登录；请设置 WECHAT_APP_ID/WECHAT_APP_SECRET（公众号）或 WECHAT_MP_APP_ID/WECHAT_MP_APP_SECRET（小程序）'
      )
    },
    {
      service: '短信验证码',
      setting: 'SMS_PROVIDER',
      value: sms.provider,
      ...standIn(
        sms.provider === 'simulator',
        '短信模拟器不发送短信，用户收不到验证码；请设置 SMS_PROVIDER=tencent 或 aliyun 及其密钥'
      )
    },
    {
      service: '人机验证',
      setting: 'CAPTCHA_PROVIDER',
      value: captcha.provider,
      ...standIn(
        captcha.provider === 'simulator',
        '人机验证模拟器一点即过，挡不住刷短信；请设置 TENCENT_CAPTCHA_APP_ID/TENCENT_CAPTCHA_APP_SECRET_KEY（腾讯云验证码）'
      )
    },
    {
      service: '支付',
      setting: 'PAY_PROVIDER',
      value: pay.provider,
      ...standIn(
        pay.provider === 'sandbox',
        '沙箱支付不收钱，所有购买都是免费的；请设置 PAY_PROVIDER=wechat 及微信支付商户配置'
      )
    },
    {
      service: '演示数据',
      setting: 'DEMO_DATA',
      value: config.demoData ? 'on' : 'off',
      ...standIn(
        config.demoData,
        '演示数据（虚构的商品、课程、老师与销量）不能出现在正式环境；请去掉 DEMO_DATA 或设为 0',
        '演示',
        '无'
      )
    },
    {
      service: '内容安全',
      setting: 'WECHAT_MP_PUSH_TOKEN',
      value: config.wechat.mpPushToken ? '(已设置)' : '(未设置)',
      // msgSecCheck needs the mini-program; image checks also need its message push.
      mode:
        wechat.provider === 'wechat' && wechat.mpAppSecret
          ? config.wechat.mpPushToken
            ? '微信+词库'
            : '微信文字+词库'
          : '本地词库',
      refusal: ''
    },
    {
      service: '运营群机器人',
      setting: 'OPERATOR_WEBHOOK_URL',
      value: config.operatorWebhookUrl ? '(已设置)' : '(未设置)',
      mode: config.operatorWebhookUrl ? '企业微信群' : '无',
      refusal: ''
    },
    {
      service: 'AI 解读',
      setting: 'AI_BASE_URL',
      value: config.ai ? config.ai.model : '(未设置)',
      mode: config.ai ? '真实' : '规则',
      refusal: ''
    }
  ]
}

const readable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.R_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

/** Settings a configured real provider cannot work without, each named with what is wrong. */
export function missingSecrets(config: Config): string[] {
  const problems: string[] = []
  const need = (ok: unknown, name: string, why: string) => {
    if (!ok) problems.push(`${name}: ${why}`)
  }
  const { wechat, pay, sms } = config
  if (wechat.provider === 'wechat') {
    const oa = !SIMULATOR_APP_ID.test(wechat.appId)
    const mp = !SIMULATOR_APP_ID.test(wechat.mpAppId)
    need(oa || mp, 'WECHAT_APP_ID', '微信登录已启用，但公众号与小程序的 AppID 都没有设置')
    if (oa) need(wechat.appSecret, 'WECHAT_APP_SECRET', '公众号 AppSecret 未设置，网页授权登录无法使用')
    if (mp) need(wechat.mpAppSecret, 'WECHAT_MP_APP_SECRET', '小程序 AppSecret 未设置，小程序登录无法使用')
  }
  if (pay.provider === 'wechat') {
    const w = pay.wechat
    need(w.mchId, 'WECHAT_PAY_MCH_ID', '微信支付商户号未设置')
    need(w.appId, 'WECHAT_PAY_APP_ID', '微信支付绑定的 AppID 未设置（默认取 WECHAT_APP_ID）')
    need(w.serialNo, 'WECHAT_PAY_SERIAL_NO', '商户 API 证书序列号未设置')
    need(
      w.privateKeyPath && readable(w.privateKeyPath),
      'WECHAT_PAY_PRIVATE_KEY_PATH',
      '商户 API 私钥文件未设置或无法读取'
    )
    need(w.apiV3Key.length === 32, 'WECHAT_PAY_API_V3_KEY', 'APIv3 密钥必须是 32 个字符')
    need(
      w.platformCertPath && readable(w.platformCertPath),
      'WECHAT_PAY_PLATFORM_CERT_PATH',
      '微信支付平台证书或平台公钥文件未设置或无法读取'
    )
    need(
      w.platformSerial,
      'WECHAT_PAY_PLATFORM_SERIAL',
      '平台证书序列号或平台公钥 ID 未设置，无法核对支付通知的 Wechatpay-Serial'
    )
  }
  if (sms.provider === 'tencent') {
    const t = sms.tencent
    need(t.secretId, 'TENCENT_SMS_SECRET_ID', '腾讯云 SecretId 未设置')
    need(t.secretKey, 'TENCENT_SMS_SECRET_KEY', '腾讯云 SecretKey 未设置')
    need(t.sdkAppId, 'TENCENT_SMS_SDK_APP_ID', '短信应用 SdkAppId 未设置')
    need(t.signName, 'TENCENT_SMS_SIGN_NAME', '短信签名未设置')
    need(t.templateId, 'TENCENT_SMS_TEMPLATE_ID', '验证码短信模板 ID 未设置')
  }
  if (config.captcha.provider === 'tencent') {
    const c = config.captcha.tencent
    need(c.appId, 'TENCENT_CAPTCHA_APP_ID', '验证码应用 CaptchaAppId 未设置')
    need(c.appSecretKey, 'TENCENT_CAPTCHA_APP_SECRET_KEY', '验证码应用 AppSecretKey 未设置')
    need(c.secretId, 'TENCENT_CAPTCHA_SECRET_ID', '腾讯云 SecretId 未设置（或设置 TENCENT_SMS_SECRET_ID）')
    need(c.secretKey, 'TENCENT_CAPTCHA_SECRET_KEY', '腾讯云 SecretKey 未设置（或设置 TENCENT_SMS_SECRET_KEY）')
  }
  if (sms.provider === 'aliyun') {
    const a = sms.aliyun
    need(a.accessKeyId, 'ALIYUN_SMS_ACCESS_KEY_ID', '阿里云 AccessKey ID 未设置')
    need(a.accessKeySecret, 'ALIYUN_SMS_ACCESS_KEY_SECRET', '阿里云 AccessKey Secret 未设置')
    need(a.signName, 'ALIYUN_SMS_SIGN_NAME', '短信签名未设置')
    need(a.templateCode, 'ALIYUN_SMS_TEMPLATE_CODE', '验证码短信模板 CODE 未设置')
  }
  if (config.storage.driver === 's3') {
    const b = config.storage.s3
    need(b.bucket, 'S3_BUCKET', '对象存储已启用 (STORAGE=s3)，但存储桶名称未设置')
  }
  return problems
}

/**
 * Everything that stops the server from starting: a real provider without its secrets anywhere, outside
 * production a simulator on an address other machines reach (unless DEMO_PUBLIC=1), and in production
 * (NODE_ENV=production) also any simulator, sandbox or demo data, no way to keep the data key (DATA_KEY unset
 * and a data folder it cannot be written to), and a missing PUBLIC_URL (OAuth, payment notices and links would
 * point at the loopback default).
 */
export function startupProblems(config: Config, env: Record<string, string | undefined> = process.env): string[] {
  const problems = missingSecrets(config)
  if (config.nodeEnv !== 'production') {
    const exposed = publicStandIns(config)
    if (exposed) problems.push(exposed)
    return problems
  }
  for (const p of providerStates(config)) if (p.refusal) problems.push(`${p.setting}=${p.value}: ${p.refusal}`)
  const dataKey = dataKeyProblem(config)
  if (dataKey) problems.push(dataKey)
  if (!env.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL: 未设置用户访问的地址（如 https://yixue.example.com），微信授权回调、支付通知与链接会指向本机'
    )
  else if (!config.publicUrl.startsWith('https://')) problems.push('PUBLIC_URL: 正式环境必须使用 https 地址')
  // The robot's address carries its key: it must not travel in the clear.
  if (config.operatorWebhookUrl && !config.operatorWebhookUrl.startsWith('https://'))
    problems.push('OPERATOR_WEBHOOK_URL: 运营群机器人地址必须是 https 地址（其中含有机器人的密钥）')
  return problems
}

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|localhost|::ffff:127(?:\.\d{1,3}){3})$/i

/**
 * Outside production the simulators are on by default, and on loopback only this machine reaches them. A HOST that
 * other machines reach (0.0.0.0, a LAN or public address) with the WeChat login simulator (anyone logs in as
 * anyone), the SMS simulator (codes handed back to whoever asks) or sandbox pay (everything free) is refused
 * unless DEMO_PUBLIC=1 says it is meant as a public demo.
 */
function publicStandIns(config: Config): string | undefined {
  if (config.demoPublic || LOOPBACK.test(config.host)) return undefined
  const active = providerStates(config)
    .filter((p) => p.refusal && p.setting !== 'DEMO_DATA')
    .map((p) => `${p.setting}=${p.value}`)
  if (!active.length) return undefined
  return (
    `HOST=${config.host}: 其他机器可以访问本服务，而 ${active.join('、')} 仍是模拟/沙箱（任何人都能冒充任意用户登录、` +
    '免费下单）；请改回 HOST=127.0.0.1，或配置真实的微信登录、短信与支付，确属公开演示时设置 DEMO_PUBLIC=1 ' +
    '(refusing a reachable HOST with simulators on; set DEMO_PUBLIC=1 for a public demo)'
  )
}

export function refusalMessage(config: Config, problems: string[]): string {
  const head =
    config.nodeEnv === 'production'
      ? '生产环境 (NODE_ENV=production) 拒绝启动，请先修正以下配置 (refusing to start in production):'
      : '配置不完整或不安全，拒绝启动 (refusing to start, settings incomplete or unsafe):'
  return [head, ...problems.map((p) => `  - ${p}`)].join('\n')
}

/** The short table printed at start outside production: which services are real, which simulated. */
export function providerTable(config: Config): string {
  const rows = providerStates(config).map((p) => `  ${p.mode}  ${p.service.padEnd(6, '　')}  ${p.setting}=${p.value}`)
  return ['外部服务 (providers):', ...rows].join('\n')
}

/** The settings, checked: every problem is printed in one message and the process exits with 1. */
export function configOrExit(env: Record<string, string | undefined> = process.env): Config {
  let config: Config
  try {
    config = loadConfig(env)
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e
    console.error(e.message)
    process.exit(1)
  }
  const problems = startupProblems(config, env)
  if (problems.length) {
    console.error(refusalMessage(config, problems))
    process.exit(1)
  }
  if (config.nodeEnv !== 'production') console.log(providerTable(config))
  return config
}
