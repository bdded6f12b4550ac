import type { LoginResponse, RuntimeConfig } from '@contract'

import { OAUTH_ATTEMPT_WINDOW, OAUTH_MAX_ATTEMPTS, TOAST_DURATION } from './constants'
import { saveCredential } from './credential'
import { errorMessage } from './errors'
import { t } from './i18n'
import type { LoginOutcome } from './launch'
import type { AppStorage } from './storage'
import { parseQuery, withoutSearchParams } from './url'

/** Per-tab storage (sessionStorage on H5): survives the OAuth round trip, not a new visit. */
export interface TabStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface OAuthDeps {
  storage: AppStorage
  tabStorage: TabStorage
  /** location.href */
  currentUrl(): string
  /** history.replaceState: changes the address without a reload. */
  replaceUrl(url: string): void
  /** location.replace: leaves for the authorize page. */
  redirect(url: string): void
  fetchConfig(): Promise<Pick<RuntimeConfig, 'wechat_app_id' | 'oauth_authorize_url'>>
  /** POST /api/wechat.index/mpLogin with client 'h5'. */
  exchange(code: string, refereeId: string): Promise<LoginResponse>
  toast(message: string): void
  now(): number
  /** An unguessable string for the OAuth state. */
  randomState(): string
  /** Waits before leaving so the user can read the toast. */
  delay(ms: number): Promise<void>
}

const ATTEMPTS_KEY = 'oauth_attempts'
const STATE_KEY = 'oauth_state'
const OAUTH_PARAMS = ['code', 'state']

/** The WeChat authorize address (official-account web authorization, scope snsapi_userinfo). */
export function buildAuthorizeUrl(
  config: Pick<RuntimeConfig, 'wechat_app_id' | 'oauth_authorize_url'>,
  redirectUri: string,
  state: string
): string {
  const base = config.oauth_authorize_url
  return (
    `${base}${base.includes('?') ? '&' : '?'}appid=${encodeURIComponent(config.wechat_app_id)}` +
    `&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_userinfo` +
    `&state=${encodeURIComponent(state)}#wechat_redirect`
  )
}

/** WeChat puts code and state in the query BEFORE the '#', so they are read from location.search. */
export function readOAuthReturn(url: string): { code?: string; state?: string } {
  const hashAt = url.indexOf('#')
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt)
  const queryAt = beforeHash.indexOf('?')
  const search = queryAt < 0 ? {} : parseQuery(beforeHash.slice(queryAt + 1))
  return { code: search.code || undefined, state: search.state || undefined }
}

/**
 * The H5 login inside WeChat's browser (docs/spec.md §4):
 * - without a code: remember returnUrl and redirect to the authorize page;
 * - back with a code: exchange it for user_id and token, store the login, remove code and state from the
 *   address without a reload and return the user to returnUrl;
 * - a failed exchange toasts the message and starts the redirect again, but at most OAUTH_MAX_ATTEMPTS
 *   redirects happen within OAUTH_ATTEMPT_WINDOW (whatever their outcome): then it stops with a message,
 *   so a failing server never traps the user in a redirect loop.
 */
export async function runWechatOAuth(deps: OAuthDeps): Promise<LoginOutcome> {
  const url = deps.currentUrl()
  const { code, state } = readOAuthReturn(url)
  const cleanUrl = withoutSearchParams(url, OAUTH_PARAMS)
  if (!code) return startRedirect(deps, cleanUrl)

  const expectedState = deps.tabStorage.getItem(STATE_KEY)
  deps.tabStorage.removeItem(STATE_KEY)
  // Spec 3: the code WeChat handed back is kept under the storage key `code`.
  deps.storage.set('code', code)
  try {
    if (expectedState && state !== expectedState) throw new Error(t('errors.loginCheckFailed'))
    const credential = await deps.exchange(code, deps.storage.get('refereeId') ?? '')
    // The attempt count is kept: a server that accepts the login but rejects the token at once must not loop either.
    saveCredential(deps.storage, credential)
    const returnUrl = deps.storage.get('returnUrl')
    deps.storage.remove('returnUrl')
    deps.replaceUrl(returnUrl && sameDocument(returnUrl, cleanUrl) ? returnUrl : cleanUrl)
    return 'logged-in'
  } catch (error) {
    deps.toast(errorMessage(error, t('errors.loginFailed')))
    // The used code must not be exchanged again after a reload.
    deps.replaceUrl(cleanUrl)
    await deps.delay(TOAST_DURATION)
    return startRedirect(deps, cleanUrl)
  }
}

async function startRedirect(deps: OAuthDeps, returnUrl: string): Promise<LoginOutcome> {
  const now = deps.now()
  const recent = readAttempts(deps.tabStorage).filter((at) => now - at < OAUTH_ATTEMPT_WINDOW)
  if (recent.length >= OAUTH_MAX_ATTEMPTS) {
    deps.toast(t('errors.wechatLoginDown'))
    return 'stopped'
  }
  let config: Pick<RuntimeConfig, 'wechat_app_id' | 'oauth_authorize_url'>
  try {
    config = await deps.fetchConfig()
  } catch (error) {
    deps.toast(errorMessage(error, t('errors.loginConfigFailed')))
    return 'stopped'
  }
  const state = deps.randomState()
  deps.tabStorage.setItem(ATTEMPTS_KEY, JSON.stringify([...recent, now]))
  deps.tabStorage.setItem(STATE_KEY, state)
  deps.storage.set('returnUrl', returnUrl)
  deps.redirect(buildAuthorizeUrl(config, returnUrl, state))
  return 'redirecting'
}

function readAttempts(tabStorage: TabStorage): number[] {
  try {
    const parsed: unknown = JSON.parse(tabStorage.getItem(ATTEMPTS_KEY) || '[]')
    return Array.isArray(parsed) ? parsed.filter((at): at is number => typeof at === 'number') : []
  } catch {
    return []
  }
}

/** replaceState changes the address, not the page shown: only a return address of this same page is used. */
function sameDocument(a: string, b: string): boolean {
  const documentOf = (url: string) => url.split(/[?#]/)[0]
  return documentOf(a) === documentOf(b)
}
