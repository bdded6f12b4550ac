import { useEffect, useState } from 'react'

import type { PrivacyPrompt } from './privacy'

/**
 * WeChat's privacy authorization (app.json `__usePrivacyCheck__`): before a privacy API (choosing
 * images, saving to the album, location) WeChat calls onNeedPrivacyAuthorization, and our popup
 * answers it with the user's choice; requirePrivacy asks up front so the API itself never waits on
 * an unanswered prompt. Same exports as privacy.ts.
 */

export const MSG_PRIVACY_REFUSED = '需要同意《用户隐私保护指引》后才能使用此功能'

interface Answer {
  event: 'agree' | 'disagree'
  buttonId?: string
}
interface PrivacyApi {
  onNeedPrivacyAuthorization?(listener: (resolve: (answer: Answer) => void, info: { referrer?: string }) => void): void
  requirePrivacyAuthorize?(options: { success(): void; fail(err: { errMsg?: string }): void }): void
  openPrivacyContract?(options: { fail?(err: unknown): void }): void
}
// Base library 2.32.3+; on older clients WeChat has no privacy prompt and these are absent.
const api = (): PrivacyApi => (globalThis as unknown as { wx?: PrivacyApi }).wx ?? {}

let waiting: Array<(answer: Answer) => void> = []
const listeners = new Set<(open: boolean) => void>()
const notify = () => listeners.forEach((l) => l(waiting.length > 0))

function answer(value: Answer): void {
  const resolves = waiting
  waiting = []
  resolves.forEach((resolve) => resolve(value))
  notify()
}

let installed = false
export function installPrivacyGate(): void {
  if (installed) return
  installed = true
  api().onNeedPrivacyAuthorization?.((resolve) => {
    waiting.push(resolve)
    notify()
  })
}

export function requirePrivacy(): Promise<void> {
  const wx = api()
  if (!wx.requirePrivacyAuthorize) return Promise.resolve()
  installPrivacyGate()
  return new Promise<void>((resolve, reject) =>
    wx.requirePrivacyAuthorize!({ success: () => resolve(), fail: () => reject(new Error(MSG_PRIVACY_REFUSED)) })
  )
}

export function usePrivacyPrompt(): PrivacyPrompt {
  const [open, setOpen] = useState(waiting.length > 0)
  useEffect(() => {
    listeners.add(setOpen)
    setOpen(waiting.length > 0)
    return () => void listeners.delete(setOpen)
  }, [])
  return {
    open,
    // WeChat takes "agree" only together with the tap on the agreePrivacyAuthorization button of that id.
    agree: (buttonId: string) => answer({ event: 'agree', buttonId }),
    refuse: () => answer({ event: 'disagree' }),
    openContract: () => api().openPrivacyContract?.({ fail: () => undefined })
  }
}
