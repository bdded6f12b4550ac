import type { LoginResponse } from '@contract'
import { makeAutoObservable } from 'mobx'

import { clearCredential, readCredential } from '@/core/credential'
import { t } from '@/core/i18n'
import type { LoginOutcome } from '@/core/launch'
import type { Signal } from '@/core/signal'
import type { AppStorage } from '@/core/storage'

/** What the session needs from the platform's login. */
export interface SessionAuth {
  /** The platform's login: OAuth in WeChat's browser, wx.login in the mini-program, else a login request. */
  login(): Promise<LoginOutcome>
  loginByMobile(mobile: string, smsCode: string): Promise<LoginResponse>
  loginRequired: Signal<{ reason: string }>
  /** True where the platform logs in without a form (WeChat's browser, the mini-program). */
  loginsSilently?(): boolean
  /** Ends the login on the server (POST /api/user.user/logout), so the token stops working anywhere it was copied. */
  endSession?(token: string): Promise<unknown>
}

/**
 * The login state, mirrored from storage (the request layer may reset storage at any time: the store
 * follows through the storage subscription). The presence of the token decides login (docs/spec.md §6).
 */
export class SessionStore {
  user_id: number | string = ''
  token = ''
  refereeId = ''
  /** The app should show its login page (plain browsers, or a failed silent login). */
  loginRequired = false
  loginReason = ''
  loggingIn = false

  constructor(
    private readonly storage: AppStorage,
    private readonly auth: SessionAuth
  ) {
    makeAutoObservable<SessionStore, 'storage' | 'auth'>(this, { storage: false, auth: false }, { autoBind: true })
    this.sync()
    storage.subscribe(() => this.sync())
    // The platform could not log in by itself: only the login page is left.
    auth.loginRequired.subscribe(({ reason }) => this.showLogin(reason))
  }

  get isLoggedIn(): boolean {
    return this.token !== ''
  }

  /** Re-reads the login state from storage. */
  sync(): void {
    const credential = readCredential(this.storage)
    this.user_id = credential?.user_id ?? ''
    this.token = credential?.token ?? ''
    this.refereeId = this.storage.get('refereeId') ?? ''
    if (credential) this.loginRequired = false
  }

  async login(): Promise<LoginOutcome> {
    this.loggingIn = true
    try {
      return await this.auth.login()
    } finally {
      this.finishLogin()
    }
  }

  async loginByMobile(mobile: string, smsCode: string): Promise<void> {
    this.loggingIn = true
    try {
      await this.auth.loginByMobile(mobile, smsCode)
    } finally {
      this.finishLogin()
    }
  }

  /**
   * 退出登录: the app forgets the login at once, then asks the server to end it; no network, or a server that does not
   * answer, never keeps the user logged in here (the token then lapses on the server by itself).
   */
  logout(): void {
    const token = this.token
    clearCredential(this.storage)
    if (token) void this.auth.endSession?.(token).catch(() => undefined)
  }

  /**
   * A page needs a login. Where the platform logs in by itself (WeChat) its login runs — or the one under
   * way is joined, e.g. the launch's OAuth return — and the login page shows only if that fails.
   */
  requireLogin(reason = t('common.loginFirst')): void {
    if (this.isLoggedIn) return
    if (!this.auth.loginsSilently?.()) return this.showLogin(reason)
    void this.login().then((outcome) => {
      if (outcome === 'stopped') this.showLogin(reason)
    })
  }

  showLogin(reason = t('common.loginFirst')): void {
    if (this.isLoggedIn) return
    this.loginRequired = true
    this.loginReason = reason
  }

  dismissLogin(): void {
    this.loginRequired = false
  }

  private finishLogin(): void {
    this.loggingIn = false
  }
}
