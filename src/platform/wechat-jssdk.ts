import { wxSign } from '@/api/wechat'

import { signatureUrl } from './env'

/** The WeChat JS-SDK, loaded from WeChat's own address when the app runs inside WeChat's browser. */
const SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'

/** The JS APIs of the product spec, and 确认收款 of a withdrawal (requestMerchantTransfer). */
export const JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'chooseInvoiceTitle',
  'openLocation',
  'getLocation',
  'chooseWXPay',
  'chooseImage',
  'uploadImage',
  'requestMerchantTransfer'
]

export interface ShareData {
  title: string
  desc: string
  link: string
  imgUrl: string
}

interface WxCallbacks {
  success?: () => void
  fail?: (error: unknown) => void
}

/** The part of the global `wx` object this app uses. */
export interface WechatJsSdk {
  config(options: {
    debug: boolean
    appId: string
    timestamp: number
    nonceStr: string
    signature: string
    jsApiList: string[]
  }): void
  ready(callback: () => void): void
  error(callback: (error: { errMsg?: string }) => void): void
  updateAppMessageShareData(data: ShareData & WxCallbacks): void
  updateTimelineShareData(data: Omit<ShareData, 'desc'> & WxCallbacks): void
}

declare global {
  interface Window {
    wx?: WechatJsSdk
  }
}

let loading: Promise<WechatJsSdk> | undefined
let ready: Promise<WechatJsSdk> | undefined

function loadSdk(): Promise<WechatJsSdk> {
  if (!loading) {
    loading = new Promise<WechatJsSdk>((resolve, reject) => {
      if (window.wx) return resolve(window.wx)
      const script = document.createElement('script')
      script.src = SDK_URL
      script.async = true
      script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('微信 JS-SDK 加载失败')))
      script.onerror = () => reject(new Error('微信 JS-SDK 加载失败'))
      document.head.appendChild(script)
    }).catch((error) => {
      loading = undefined
      throw error
    })
  }
  return loading
}

/** Settles when launch has configured the SDK; pages that ask earlier wait for it. */
let settleConfigured: ((sdk: WechatJsSdk | undefined) => void) | undefined
const configured = new Promise<WechatJsSdk | undefined>((resolve) => (settleConfigured = resolve))

/** Loads the SDK and configures it with the server's signature; resolves when WeChat accepted it. */
export function configureJsSdk(): Promise<WechatJsSdk> {
  ready = (async () => {
    const sdk = await loadSdk()
    const signature = await wxSign({ url: signatureUrl() })
    return new Promise<WechatJsSdk>((resolve, reject) => {
      sdk.ready(() => resolve(sdk))
      sdk.error((error) => reject(new Error(error?.errMsg || '微信 JS-SDK 配置失败')))
      sdk.config({ debug: false, ...signature, jsApiList: JS_API_LIST })
    })
  })()
  ready.then(
    (sdk) => settleConfigured?.(sdk),
    () => settleConfigured?.(undefined)
  )
  return ready
}

/**
 * The configured SDK. A page mounts before launch has signed the SDK, so this waits for launch's
 * configuration; undefined when it failed (sharing then keeps WeChat's defaults).
 */
export async function configuredSdk(): Promise<WechatJsSdk | undefined> {
  if (!ready) return configured
  try {
    return await ready
  } catch {
    return undefined
  }
}
