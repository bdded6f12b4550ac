import type { Config } from './config'
import { type DataCipher, loadDataCipher } from './core/data-key'
import type { Db } from './db/database'
import { Notifier } from './modules/notify/notifier'
import { NotifyOutbox } from './modules/notify/outbox'
import { robotWebhook } from './modules/notify/robot'
import { sandboxPay } from './modules/payment/provider'
import { PaymentService } from './modules/payment/service'
import { loadWechatPayKeys, wechatPay, type WechatPayKeys } from './modules/payment/wechat-pay/provider'
import { aliyunSms } from './modules/sms/aliyun'
import { type CaptchaProvider, simulatorCaptcha, tencentCaptcha } from './modules/sms/captcha'
import { simulatorSms, type SmsProvider } from './modules/sms/provider'
import { tencentSms } from './modules/sms/tencent'
import { Payouts } from './modules/wallet/payouts'
import { ContentGuard } from './modules/wechat/content-guard'
import type { WechatProvider } from './modules/wechat/provider'
import { WechatShipping } from './modules/wechat/shipping-outbox'
import { wechatSimulator } from './modules/wechat/simulator'
import { wechatApi } from './modules/wechat/wechat-api'
import type { FileStorage } from './storage'
import { localDiskStorage } from './storage/local'
import { s3Storage } from './storage/s3'

/** The outside world the modules talk to, chosen by configuration. */
export interface Services {
  wechat: WechatProvider
  sms: SmsProvider
  /** The human check before web SMS sends. */
  captcha: CaptchaProvider
  storage: FileStorage
  payments: PaymentService
  /** Withdrawals paid into users' WeChat change through the same pay provider. */
  payouts: Payouts
  wechatPayKeys?: WechatPayKeys
  /** Encrypts personal data at rest (ID numbers). */
  dataCipher: DataCipher
  /** Checks users' text and images (word list, WeChat content security) before they are stored. */
  contentGuard: ContentGuard
  /** The mini-program's 发货信息录入: uploads of what its WeChat Pay payments bought, through an outbox. */
  shipping: WechatShipping
  /** Tells people what happened: in-app messages, operators' notices, and WeChat deliveries for the outbox. */
  notify: Notifier
  /** Sends the queued WeChat and group-robot deliveries. */
  notifyOutbox: NotifyOutbox
}

const MP_STATES = { release: 'formal', trial: 'trial', develop: 'developer' } as const

export const UPLOADS_PREFIX = '/uploads'

function smsProvider(config: Config): SmsProvider {
  const { sms } = config
  if (sms.provider === 'tencent') return tencentSms(sms.tencent)
  if (sms.provider === 'aliyun') return aliyunSms(sms.aliyun)
  return simulatorSms(config.nodeEnv === 'production')
}

export function buildServices(config: Config, db: Db): Services {
  const wechat =
    config.wechat.provider === 'wechat'
      ? wechatApi(config.wechat, db)
      : wechatSimulator(db, config.wechat.appId, config.wechat.mpAppId)
  const wechatPayKeys = config.pay.provider === 'wechat' ? loadWechatPayKeys(config.pay.wechat) : undefined
  const payProvider = wechatPayKeys ? wechatPay(config.pay.wechat, wechatPayKeys) : sandboxPay
  const dataCipher = loadDataCipher(config)
  return {
    wechat,
    sms: smsProvider(config),
    captcha: config.captcha.provider === 'tencent' ? tencentCaptcha(config.captcha.tencent) : simulatorCaptcha,
    storage:
      config.storage.driver === 's3'
        ? s3Storage(config.storage.s3)
        : localDiskStorage(config.uploadDir, config.publicUrl + UPLOADS_PREFIX, undefined, config.privateDir),
    payments: new PaymentService(db, payProvider),
    payouts: new Payouts(db, payProvider),
    wechatPayKeys,
    dataCipher,
    contentGuard: new ContentGuard(db, config, wechat),
    shipping: new WechatShipping(db, config, wechat, dataCipher),
    notify: new Notifier({
      mpAppId: config.wechat.mpAppId,
      oaAppId: config.wechat.appId,
      robot: Boolean(config.operatorWebhookUrl)
    }),
    notifyOutbox: new NotifyOutbox({
      db,
      messages: wechat.messages,
      robot: config.operatorWebhookUrl ? robotWebhook(config.operatorWebhookUrl) : undefined,
      mpAppId: config.wechat.mpAppId,
      oaAppId: config.wechat.appId,
      h5Url: config.publicUrl,
      mpState: MP_STATES[config.wechat.mpEnvVersion]
    })
  }
}
