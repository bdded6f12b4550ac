import type { SmsCaptcha } from '@contract'

import { type Passed, simulatedCheck } from './captcha-simulated'

/** Tencent Captcha's web script (its documented address); the CSP allows it (server/security-headers.ts). */
const TCAPTCHA_JS = 'https://turing.captcha.qcloud.com/TCaptcha.js'

interface TencentCaptchaResult {
  ret: number
  ticket?: string
  randstr?: string
}
type TencentCaptchaClass = new (appId: string, callback: (r: TencentCaptchaResult) => void) => { show(): void }

let script: Promise<TencentCaptchaClass> | undefined

function loadTencentCaptcha(): Promise<TencentCaptchaClass> {
  const w = window as unknown as { TencentCaptcha?: TencentCaptchaClass }
  if (w.TencentCaptcha) return Promise.resolve(w.TencentCaptcha)
  script ??= new Promise((resolve, reject) => {
    const tag = document.createElement('script')
    tag.src = TCAPTCHA_JS
    tag.async = true
    tag.onload = () => (w.TencentCaptcha ? resolve(w.TencentCaptcha) : reject(new Error('no TencentCaptcha')))
    tag.onerror = () => {
      script = undefined
      reject(new Error('安全验证加载失败，请检查网络后重试'))
    }
    document.head.appendChild(tag)
  })
  return script
}

/** H5: Tencent Captcha's puzzle in the page; resolves its ticket, or undefined when the user closes it. */
export async function passCaptcha(captcha: SmsCaptcha): Promise<Passed> {
  if (captcha.provider === 'simulator') return simulatedCheck()
  const TencentCaptcha = await loadTencentCaptcha()
  return new Promise((resolve) => {
    new TencentCaptcha(captcha.app_id, (r) =>
      resolve(r.ret === 0 && r.ticket && r.randstr ? { ticket: r.ticket, randstr: r.randstr } : undefined)
    ).show()
  })
}
