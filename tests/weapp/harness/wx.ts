import fs from 'node:fs'
import path from 'node:path'

import { type Breach, BUDGET } from './budgets'
import type { PayParams } from './wechat-pay'

/**
 * The `wx` object the logic layer sees. Its keys are every API name of WeChat's typings
 * (miniprogram-api-typings), as on a phone; the ones this harness models are implemented below,
 * every other one records its call in `unimplemented` and fails with WeChat's error shape, so a
 * build that starts to use an API the harness does not know is noticed, never silently ignored.
 */

export interface Callbacks<T = any> {
  success?(res: T): void
  fail?(res: { errMsg: string; errno?: number }): void
  complete?(res: unknown): void
}

export interface WxHost {
  /** Base address the build calls (API_BASE at build time); rewritten to `server`. */
  buildApiBase: string
  server: string
  navigate(kind: 'navigateTo' | 'redirectTo' | 'reLaunch' | 'switchTab', url: string): Promise<void>
  navigateBack(delta: number): Promise<void>
  currentPage(): { route: string } | undefined
  launchOptions(): { path: string; query: Record<string, string>; scene: number; referrerInfo: object }
  /** Answers wx.showModal; default: the user taps 确定. */
  answerModal(options: { title?: string; content?: string }): { confirm: boolean; cancel: boolean }
  log(kind: string, detail: unknown): void
  /** A runtime budget broken (harness/budgets.ts). */
  breach(kind: Breach['kind'], detail: string): void
  track<T>(work: Promise<T>): Promise<T>
  onError(error: unknown): void
  pageScrollTo(scrollTop: number): void
  stopPullDownRefresh(): void
  loginCodeUser(): { nickname?: string; openid?: string }
  /** wx storage at launch, serialised as stored. */
  storage?: Record<string, string>
  /** No network: requests, uploads and downloads fail as offline. */
  offline: boolean
  /** WeChat's cashier for wx.requestPayment; without one the payment fails. */
  pay?(params: PayParams): Promise<void>
  /** The device's system: `ios`, `android` or `devtools`. */
  platform: string
  /** Whether a tap's handler is running now, in its own call stack (wx.requestSubscribeMessage needs one). */
  userGesture(): boolean
  /** The user's answer to one template of a 订阅消息 ask. */
  answerSubscribe(): 'accept' | 'reject'
  /**
   * Privacy authorization: whether the user agreed, whether app.json asks WeChat to check it
   * (`__usePrivacyCheck__`), and the id of the agreePrivacyAuthorization button the user last tapped.
   */
  privacy: PrivacyState
}

export interface PrivacyState {
  agreed: boolean
  checked: boolean
  agreeTap: string | undefined
}

const apiNames = (): string[] => {
  const file = path.join(
    path.dirname(require.resolve('miniprogram-api-typings/package.json')),
    'types/wx/lib.wx.api.d.ts'
  )
  // Doc comments hold code samples with braces: drop them before finding the interface's end.
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
  const body = text.slice(text.indexOf('    interface Wx {'))
  const end = body.indexOf('\n    }\n')
  return [...new Set([...body.slice(0, end).matchAll(/^ {8}([a-zA-Z]+)[<(]/gm)].map((m) => m[1]))]
}

export const WINDOW = {
  pixelRatio: 2,
  screenWidth: 375,
  screenHeight: 812,
  windowWidth: 375,
  windowHeight: 812,
  statusBarHeight: 44,
  safeArea: { left: 0, right: 375, top: 44, bottom: 778, width: 375, height: 734 },
  screenTop: 0
}
const DEVICE_BASE = { brand: 'devtools', model: 'iPhone X', system: 'iOS 16.0', benchmarkLevel: 1 }
const APP_BASE = {
  SDKVersion: '3.3.4',
  enableDebug: false,
  host: { env: 'WeChat' },
  language: 'zh_CN',
  version: '8.0.50',
  theme: 'light'
}

export function createWx(host: WxHost) {
  const unimplemented = new Map<string, number>()
  const storage = new Map<string, string>(Object.entries(host.storage ?? {}))
  const files = new Map<string, Buffer>()
  let fileCounter = 0
  const appShow: Array<(o: unknown) => void> = []
  const appHide: Array<(o: unknown) => void> = []
  const compass: Array<(o: unknown) => void> = []
  const DEVICE = { ...DEVICE_BASE, platform: host.platform }
  const privacyListeners: Array<
    (resolve: (answer: { event?: string; buttonId?: string }) => void, info: { referrer: string }) => void
  > = []
  /** Every API the build called, by name (checked against the declared minimum base library). */
  const called = new Set<string>()
  // request, uploadFile and downloadFile share WeChat's limit of 10 at once.
  let inFlight = 0
  const transfer =
    <T>(name: string, timeout: number | undefined, work: () => Promise<T>) =>
    async (): Promise<T> => {
      if (host.offline) throw Object.assign(new Error(`${name}:fail network unavailable`), { errno: 5 })
      if (timeout !== undefined && timeout > BUDGET.requestTimeoutMs)
        host.breach('requestTimeout', `${name} asks for ${timeout} ms; WeChat ends it at ${BUDGET.requestTimeoutMs}`)
      if (++inFlight > BUDGET.concurrentRequests)
        host.breach('concurrentRequests', `${inFlight} requests at once (the last a ${name})`)
      try {
        return await work()
      } finally {
        inFlight--
      }
    }
  const privacyRefused = () => Object.assign(new Error('privacy permission is not authorized'), { errno: 104 })

  /**
   * WeChat's privacy check before a privacy API: with `__usePrivacyCheck__` and no consent yet, the
   * app's onNeedPrivacyAuthorization listener is called and the API waits for its answer. WeChat takes
   * "agree" only with the tap on the agreePrivacyAuthorization button the answer names. Without a
   * listener WeChat would draw its own popup, which the harness does not model: the call fails and is logged.
   */
  const privacyGate = (referrer: string): Promise<void> => {
    const state = host.privacy
    if (state.agreed || !state.checked) return Promise.resolve()
    const listener = privacyListeners.at(-1)
    host.log('privacyPrompt', referrer)
    if (!listener) {
      host.log('unhandledPrivacyPrompt', referrer)
      return Promise.reject(privacyRefused())
    }
    return new Promise<void>((resolve, reject) =>
      listener(
        (answer) => {
          if (answer?.event === 'agree' && answer.buttonId && answer.buttonId === state.agreeTap) {
            state.agreed = true
            host.log('privacyAgreed', referrer)
            return resolve()
          }
          if (answer?.event === 'agree')
            host.onError(new Error('privacy "agree" answered without a tap on its agreePrivacyAuthorization button'))
          host.log('privacyRefused', referrer)
          reject(privacyRefused())
        },
        { referrer }
      )
    )
  }

  /**
   * WeChat's callback style: success/fail then complete, always asynchronously. Called with none of
   * the three, an API answers with a promise instead (base library 2.10.2+); Taro leaves many APIs
   * (requestPayment among them) to this.
   */
  const respond = <T>(
    name: string,
    options: Callbacks<T> | undefined,
    work: () => Promise<T> | T
  ): Promise<T> | undefined => {
    const promised = !options || (!options.success && !options.fail && !options.complete)
    let settle: { resolve(v: T): void; reject(e: unknown): void } | undefined
    const promise = promised ? new Promise<T>((resolve, reject) => (settle = { resolve, reject })) : undefined
    const run = async () => {
      try {
        const result = await work()
        const res = { errMsg: `${name}:ok`, ...(result as object) } as T
        options?.success?.(res)
        options?.complete?.(res)
        settle?.resolve(res)
      } catch (error) {
        const res = {
          errMsg: `${name}:fail ${(error as Error)?.message ?? error}`,
          ...((error as { errno?: number })?.errno ? { errno: (error as { errno: number }).errno } : {})
        }
        options?.fail?.(res as { errMsg: string })
        options?.complete?.(res)
        settle?.reject(res)
      }
    }
    void host.track(Promise.resolve().then(run)).catch(host.onError)
    return promise
  }

  /**
   * A privacy API: the wait for the user's answer is not work in progress (the test answers by
   * tapping the popup), so only what follows the answer is tracked.
   */
  const gated = <T>(
    name: string,
    options: Callbacks<T> | undefined,
    work: () => Promise<T> | T
  ): Promise<T> | undefined => {
    const promised = !options || (!options.success && !options.fail && !options.complete)
    const answered = privacyGate(name).then(
      () => respond(name, promised ? undefined : options, work),
      (refusal) => respond(name, promised ? undefined : options, () => Promise.reject(refusal))
    )
    return promised ? (answered as Promise<T>) : (void answered.catch(host.onError), undefined)
  }

  const toServer = (url: string): string => {
    if (url.startsWith(host.buildApiBase + '/') || url === host.buildApiBase)
      return host.server + url.slice(host.buildApiBase.length)
    if (url.startsWith(host.server)) return url
    throw Object.assign(new Error(`url not in domain list (${url})`), { errno: 600002 })
  }

  const saveFile = (data: Buffer, ext: string) => {
    const name = `wxfile://tmp_${++fileCounter}${ext}`
    files.set(name, data)
    return name
  }

  const serialise = (value: unknown) => JSON.stringify(value === undefined ? null : value)

  const impl: Record<string, (...args: any[]) => any> = {
    // ---- network: real HTTP to the test server
    request(
      o: Callbacks & {
        url: string
        data?: any
        header?: Record<string, string>
        method?: string
        timeout?: number
        dataType?: string
      }
    ) {
      const controller = new AbortController()
      respond(
        'request',
        o,
        transfer('request', o.timeout, async () => {
          const method = (o.method || 'GET').toUpperCase()
          let url = toServer(o.url)
          const header: Record<string, string> = { ...(o.header ?? {}) }
          const type =
            Object.entries(header).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json'
          let body: string | undefined
          if (o.data !== undefined && o.data !== null) {
            if (method === 'GET') {
              const q = new URLSearchParams()
              for (const [k, v] of Object.entries(typeof o.data === 'object' ? o.data : {}))
                q.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v))
              const qs = q.toString()
              if (qs) url += (url.includes('?') ? '&' : '?') + qs
            } else
              body =
                typeof o.data === 'string'
                  ? o.data
                  : type.includes('x-www-form-urlencoded')
                    ? new URLSearchParams(o.data).toString()
                    : JSON.stringify(o.data)
          }
          if (!Object.keys(header).some((k) => k.toLowerCase() === 'content-type'))
            header['content-type'] = 'application/json'
          const timer = setTimeout(
            () => controller.abort(),
            Math.min(o.timeout ?? BUDGET.requestTimeoutMs, BUDGET.requestTimeoutMs)
          )
          try {
            host.log('requestSent', { method, url: o.url, at: performance.now() })
            const res = await fetch(url, { method, headers: header, body, signal: controller.signal })
            const text = await res.text()
            let data: unknown = text
            if (o.dataType !== '其他' && o.dataType !== 'text') {
              try {
                data = JSON.parse(text)
              } catch {
                data = text
              }
            }
            host.log('request', { method, url: o.url, status: res.status })
            return { data, statusCode: res.status, header: Object.fromEntries(res.headers), cookies: [] }
          } catch (error) {
            if (controller.signal.aborted) throw Object.assign(new Error('timeout'), { errno: 5 })
            throw Object.assign(new Error((error as Error).message), { errno: 5 })
          } finally {
            clearTimeout(timer)
          }
        })
      )
      return {
        abort: () => controller.abort(),
        onHeadersReceived() {},
        offHeadersReceived() {},
        onChunkReceived() {},
        offChunkReceived() {}
      }
    },
    uploadFile(
      o: Callbacks & {
        url: string
        filePath: string
        name: string
        formData?: Record<string, string>
        header?: Record<string, string>
        timeout?: number
      }
    ) {
      respond(
        'uploadFile',
        o,
        transfer('uploadFile', o.timeout, async () => {
          const file = files.get(o.filePath)
          if (!file) throw Object.assign(new Error(`file not found ${o.filePath}`), { errno: 602001 })
          const form = new FormData()
          for (const [k, v] of Object.entries(o.formData ?? {})) form.append(k, String(v))
          form.append(o.name, new Blob([new Uint8Array(file)]), path.basename(o.filePath.replace('wxfile://', '')))
          const header = Object.fromEntries(
            Object.entries(o.header ?? {}).filter(([k]) => k.toLowerCase() !== 'content-type')
          )
          const res = await fetch(toServer(o.url), { method: 'POST', headers: header, body: form })
          host.log('uploadFile', { url: o.url, status: res.status })
          return { data: await res.text(), statusCode: res.status }
        })
      )
      return { abort() {}, onProgressUpdate() {}, offProgressUpdate() {} }
    },
    downloadFile(o: Callbacks & { url: string; header?: Record<string, string>; timeout?: number }) {
      respond(
        'downloadFile',
        o,
        transfer('downloadFile', o.timeout, async () => {
          const res = await fetch(toServer(o.url), { headers: o.header })
          const data = Buffer.from(await res.arrayBuffer())
          host.log('downloadFile', { url: o.url, status: res.status })
          return { tempFilePath: saveFile(data, path.extname(new URL(o.url).pathname)), statusCode: res.status }
        })
      )
      return { abort() {}, onProgressUpdate() {}, offProgressUpdate() {} }
    },

    // ---- storage: in memory, values kept serialised as WeChat does
    setStorageSync: (key: string, value: unknown) => void storage.set(key, serialise(value)),
    getStorageSync: (key: string) => (storage.has(key) ? JSON.parse(storage.get(key)!) : ''),
    removeStorageSync: (key: string) => void storage.delete(key),
    clearStorageSync: () => storage.clear(),
    getStorageInfoSync: () => ({ keys: [...storage.keys()], currentSize: 0, limitSize: 10240 }),
    setStorage: (o: Callbacks & { key: string; data: unknown }) =>
      respond('setStorage', o, () => void storage.set(o.key, serialise(o.data))),
    getStorage: (o: Callbacks & { key: string }) =>
      respond('getStorage', o, () => {
        if (!storage.has(o.key)) throw new Error('data not found')
        return { data: JSON.parse(storage.get(o.key)!) }
      }),
    removeStorage: (o: Callbacks & { key: string }) => respond('removeStorage', o, () => void storage.delete(o.key)),
    clearStorage: (o?: Callbacks) => respond('clearStorage', o, () => storage.clear()),

    // ---- login: the server's WeChat simulator issues the code a phone would get
    login: (o?: Callbacks) =>
      respond('login', o, async () => {
        // 单页模式 (a page opened from a 朋友圈 share) has no login.
        if (host.launchOptions().scene === 1154) throw new Error('login:fail not supported in single page mode')
        const res = await fetch(`${host.server}/api/wechat.simulator/mpCode`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(host.loginCodeUser())
        })
        const body = await res.json()
        if (body.code !== 1) throw new Error(body.msg)
        host.log('login', body.data)
        return { code: body.data.code }
      }),
    checkSession: (o?: Callbacks) => respond('checkSession', o, () => ({})),

    // ---- navigation: the harness's page stack
    navigateTo: (o: Callbacks & { url: string }) =>
      respond('navigateTo', o, () => host.navigate('navigateTo', o.url).then(() => ({}))),
    redirectTo: (o: Callbacks & { url: string }) =>
      respond('redirectTo', o, () => host.navigate('redirectTo', o.url).then(() => ({}))),
    reLaunch: (o: Callbacks & { url: string }) =>
      respond('reLaunch', o, () => host.navigate('reLaunch', o.url).then(() => ({}))),
    switchTab: (o: Callbacks & { url: string }) =>
      respond('switchTab', o, () => host.navigate('switchTab', o.url).then(() => ({}))),
    navigateBack: (o?: Callbacks & { delta?: number }) =>
      respond('navigateBack', o, () => host.navigateBack(o?.delta ?? 1).then(() => ({}))),

    // ---- the device
    getSystemInfoSync: () => ({ ...WINDOW, ...DEVICE, ...APP_BASE, fontSizeSetting: 16 }),
    getSystemInfo: (o?: Callbacks) => respond('getSystemInfo', o, () => ({ ...WINDOW, ...DEVICE, ...APP_BASE })),
    getWindowInfo: () => ({ ...WINDOW }),
    getDeviceInfo: () => ({ ...DEVICE }),
    getAppBaseInfo: () => ({ ...APP_BASE }),
    getSystemSetting: () => ({
      bluetoothEnabled: false,
      locationEnabled: true,
      wifiEnabled: true,
      deviceOrientation: 'portrait'
    }),
    getAppAuthorizeSetting: () => ({
      albumAuthorized: 'authorized',
      cameraAuthorized: 'authorized',
      locationAuthorized: 'authorized',
      microphoneAuthorized: 'authorized',
      notificationAuthorized: 'authorized'
    }),
    getMenuButtonBoundingClientRect: () => ({ width: 87, height: 32, top: 48, right: 368, bottom: 80, left: 281 }),
    getAccountInfoSync: () => ({ miniProgram: { appId: 'touristappid', envVersion: 'develop', version: '' } }),
    getLaunchOptionsSync: () => host.launchOptions(),
    getEnterOptionsSync: () => host.launchOptions(),
    getNetworkType: (o?: Callbacks) => respond('getNetworkType', o, () => ({ networkType: 'wifi' })),
    onNetworkStatusChange: () => undefined,
    offNetworkStatusChange: () => undefined,
    canIUse: () => true,
    nextTick: (fn: () => void) => void Promise.resolve().then(fn),
    onAppShow: (fn: (o: unknown) => void) => void appShow.push(fn),
    offAppShow: (fn: (o: unknown) => void) => void appShow.splice(appShow.indexOf(fn) >>> 0, 1),
    onAppHide: (fn: (o: unknown) => void) => void appHide.push(fn),
    offAppHide: (fn: (o: unknown) => void) => void appHide.splice(appHide.indexOf(fn) >>> 0, 1),
    onError: () => undefined,
    onUnhandledRejection: () => undefined,
    onPageNotFound: () => undefined,
    getUpdateManager: () => ({ onCheckForUpdate() {}, onUpdateReady() {}, onUpdateFailed() {}, applyUpdate() {} }),
    reportAnalytics: (event: string, data: unknown) => host.log('reportAnalytics', { event, data }),
    setEnableDebug: (o: Callbacks & { enableDebug: boolean }) =>
      respond('setEnableDebug', o, () => host.log('setEnableDebug', o.enableDebug)),
    getUserCryptoManager: () => ({
      getRandomValues: (o: Callbacks & { length: number }) =>
        respond('getRandomValues', o, () => ({
          randomValues: Uint8Array.from(require('node:crypto').randomBytes(o.length)).buffer
        }))
    }),

    // ---- the interface WeChat draws (recorded, so a test can read what the user was told)
    showToast: (o: Callbacks & { title: string }) => respond('showToast', o, () => host.log('toast', o.title)),
    hideToast: (o?: Callbacks) => respond('hideToast', o, () => ({})),
    showLoading: (o: Callbacks & { title: string }) => respond('showLoading', o, () => host.log('loading', o.title)),
    hideLoading: (o?: Callbacks) => respond('hideLoading', o, () => ({})),
    showModal: (o: Callbacks & { title?: string; content?: string }) =>
      respond('showModal', o, () => {
        host.log('modal', { title: o.title, content: o.content })
        return host.answerModal(o)
      }),
    showActionSheet: (o: Callbacks & { itemList: string[] }) =>
      respond('showActionSheet', o, () => {
        host.log('actionSheet', o.itemList)
        return { tapIndex: 0 }
      }),
    setNavigationBarTitle: (o: Callbacks & { title: string }) =>
      respond('setNavigationBarTitle', o, () => host.log('title', o.title)),
    setNavigationBarColor: (o: Callbacks) => respond('setNavigationBarColor', o, () => ({})),
    showNavigationBarLoading: (o?: Callbacks) => respond('showNavigationBarLoading', o, () => ({})),
    hideNavigationBarLoading: (o?: Callbacks) => respond('hideNavigationBarLoading', o, () => ({})),
    setBackgroundColor: (o?: Callbacks) => respond('setBackgroundColor', o, () => ({})),
    setBackgroundTextStyle: (o?: Callbacks) => respond('setBackgroundTextStyle', o, () => ({})),
    stopPullDownRefresh: (o?: Callbacks) => respond('stopPullDownRefresh', o, () => host.stopPullDownRefresh()),
    startPullDownRefresh: (o?: Callbacks) => respond('startPullDownRefresh', o, () => ({})),
    pageScrollTo: (o: Callbacks & { scrollTop?: number }) =>
      respond('pageScrollTo', o, () => host.pageScrollTo(o.scrollTop ?? 0)),
    showShareMenu: (o?: Callbacks) => respond('showShareMenu', o, () => ({})),
    hideShareMenu: (o?: Callbacks) => respond('hideShareMenu', o, () => ({})),
    hideHomeButton: (o?: Callbacks) => respond('hideHomeButton', o, () => ({})),
    vibrateShort: (o?: Callbacks) => respond('vibrateShort', o, () => ({})),
    setClipboardData: (o: Callbacks & { data: string }) =>
      respond('setClipboardData', o, () => host.log('clipboard', o.data)),
    makePhoneCall: (o: Callbacks & { phoneNumber: string }) =>
      respond('makePhoneCall', o, () => host.log('phoneCall', o.phoneNumber)),
    previewImage: (o: Callbacks & { urls: string[] }) =>
      respond('previewImage', o, () => host.log('previewImage', o.urls)),
    // The device has no camera roll: choosing an image gives the harness's fixture picture.
    chooseImage: (o: Callbacks & { count?: number }) =>
      gated('chooseImage', o, () => {
        const p = saveFile(fixtureImage(), '.png')
        return { tempFilePaths: [p], tempFiles: [{ path: p, size: files.get(p)!.length }] }
      }),
    chooseMedia: (o: Callbacks & { count?: number }) =>
      gated('chooseMedia', o, () => {
        const p = saveFile(fixtureImage(), '.png')
        return { type: 'image', tempFiles: [{ tempFilePath: p, size: files.get(p)!.length, fileType: 'image' }] }
      }),
    getImageInfo: (o: Callbacks & { src: string }) =>
      respond('getImageInfo', o, () => ({ width: 1, height: 1, path: o.src, type: 'png', orientation: 'up' })),
    saveImageToPhotosAlbum: (o: Callbacks & { filePath: string }) =>
      gated('saveImageToPhotosAlbum', o, () => host.log('savedImage', o.filePath)),
    // ---- privacy authorization (see privacyGate)
    onNeedPrivacyAuthorization: (fn: (typeof privacyListeners)[number]) => void privacyListeners.push(fn),
    requirePrivacyAuthorize: (o?: Callbacks) => gated('requirePrivacyAuthorize', o, () => ({})),
    getPrivacySetting: (o?: Callbacks) =>
      respond('getPrivacySetting', o, () => ({
        needAuthorization: host.privacy.checked && !host.privacy.agreed,
        privacyContractName: '《用户隐私保护指引》'
      })),
    openPrivacyContract: (o?: Callbacks) =>
      respond('openPrivacyContract', o, () => host.log('privacyContract', '《用户隐私保护指引》')),
    // No compass on this device: startCompass fails as on a phone without one.
    startCompass: (o?: Callbacks) => respond('startCompass', o, () => Promise.reject(new Error('no compass'))),
    stopCompass: (o?: Callbacks) => respond('stopCompass', o, () => ({})),
    onCompassChange: (fn: (o: unknown) => void) => void compass.push(fn),
    offCompassChange: () => void compass.splice(0),
    createSelectorQuery: () => selectorQuery(),
    // WeChat's 确认收货 component (weappOrderConfirm): the buyer confirms, and it answers through success with
    // extraData.status, as WeChat's does (another business view is not modelled and fails).
    openBusinessView: (o: Callbacks & { businessType: string; extraData?: Record<string, unknown> }) =>
      respond('openBusinessView', o, () => {
        host.log('openBusinessView', { businessType: o.businessType, extraData: o.extraData })
        if (o.businessType !== 'weappOrderConfirm') throw new Error(`businessType ${o.businessType} not modelled`)
        return { extraData: { status: 'success', req_extradata: o.extraData ?? {} } }
      }),
    // 订阅消息: WeChat shows its ask only when called in a tap's own call stack (anywhere else, an await later
    // included, it fails at once) and for at most 3 templates; the user answers each (the test's answers).
    requestSubscribeMessage: (o: Callbacks & { tmplIds: string[] }) => {
      const tapped = host.userGesture()
      return respond('requestSubscribeMessage', o, () => {
        if (!tapped) throw new Error('can only be invoked by user TAP gesture.')
        if (!o.tmplIds?.length || o.tmplIds.length > 3) throw new Error('Templates count out of max bounds')
        host.log('requestSubscribeMessage', o.tmplIds)
        return Object.fromEntries(o.tmplIds.map((id) => [id, host.answerSubscribe()]))
      })
    },
    // WeChat's cashier, when the test gives one (see README); a phone without WeChat Pay fails.
    requestPayment: (o: Callbacks & PayParams) =>
      respond('requestPayment', o, async () => {
        if (!host.pay) throw new Error('the headless runtime has no WeChat Pay cashier')
        const params = {
          timeStamp: o.timeStamp,
          nonceStr: o.nonceStr,
          package: o.package,
          signType: o.signType,
          paySign: o.paySign
        }
        host.log('requestPayment', params)
        await host.pay(params)
        return {}
      })
  }

  const wx: Record<string, any> = {}
  for (const name of apiNames()) {
    wx[name] =
      impl[name] ??
      ((options?: Callbacks) => {
        unimplemented.set(name, (unimplemented.get(name) ?? 0) + 1)
        host.log('unimplemented', name)
        if (options && typeof options === 'object' && (options.fail || options.complete))
          respond(name, options, () => Promise.reject(new Error('not supported by the headless runtime')))
        return undefined
      })
  }
  for (const [name, fn] of Object.entries(impl)) if (!(name in wx)) wx[name] = fn
  for (const name of apiNames()) {
    const fn = wx[name]
    wx[name] = (...args: unknown[]) => {
      called.add(name)
      return fn(...args)
    }
  }
  wx.env = { USER_DATA_PATH: 'wxfile://usr' }

  return {
    wx,
    privacy: host.privacy,
    unimplemented,
    called,
    storage: {
      get: (key: string) => (storage.has(key) ? JSON.parse(storage.get(key)!) : undefined),
      set: (key: string, value: unknown) => storage.set(key, serialise(value)),
      keys: () => [...storage.keys()],
      snapshot: () => Object.fromEntries(storage)
    },
    appShow,
    appHide
  }
}

/** A SelectorQuery that measures nothing: layout is not computed here (see README). */
function selectorQuery() {
  const queue: Array<(rect: unknown) => void> = []
  const node = () => ({
    boundingClientRect(cb?: (r: unknown) => void) {
      queue.push((r) => cb?.(r))
      return q
    },
    scrollOffset(cb?: (r: unknown) => void) {
      queue.push((r) => cb?.(r))
      return q
    },
    fields(_f: unknown, cb?: (r: unknown) => void) {
      queue.push((r) => cb?.(r))
      return q
    },
    node(cb?: (r: unknown) => void) {
      queue.push((r) => cb?.(r))
      return q
    }
  })
  const q: any = {
    in: () => q,
    select: node,
    selectAll: node,
    selectViewport: node,
    exec(cb?: (r: unknown[]) => void) {
      const results = queue.map(() => null)
      queue.forEach((fn) => fn(null))
      setTimeout(() => cb?.(results), 0)
    }
  }
  return q
}

let png: Buffer | undefined
/** A 1x1 PNG: what chooseImage hands back. */
function fixtureImage(): Buffer {
  png ??= Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64'
  )
  return png
}
