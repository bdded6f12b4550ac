import type { ClientKind } from '@contract'

import {
  APP_ID,
  ENVELOPE,
  FAILURE_CODE,
  HTTP_HELPER_LOADING_DELAY,
  HTTP_HELPER_METHOD,
  REQUEST_TIMEOUT
} from './constants'
import { readCredential } from './credential'
import { isEnvelopeLike, NetworkError } from './errors'
import { t } from './i18n'
import { createLoadingCounter, type LoadingCounter, type LoadingUi } from './loading'
import { cleanParams } from './params'
import { singleFlight } from './single-flight'
import type { AppStorage } from './storage'
import type { HttpMethod, Transport, TransportFailure, TransportResponse } from './transport'
import { appendQuery, type Query } from './url'

export interface RequestUi extends LoadingUi {
  toast(message: string): void
}

export interface RequestDeps {
  transport: Transport
  ui: RequestUi
  storage: AppStorage
  /** '' on H5 (same origin as the API), the API host in the mini-program. */
  baseUrl(): string
  client(): ClientKind
  /**
   * Starts the platform's login or joins the one under way; called at most once at a time however many calls need it.
   */
  relogin(): unknown
  /** The platform login under way, if any (launch, a login button, another call's relogin): calls wait for it. */
  pendingLogin?(): Promise<unknown> | undefined
  timers?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>
  /** The app's one loading indicator, when other work shares it (lazy page loads); else the call's own. */
  loading?: LoadingCounter
  /** The app's language (a locale of contract/locale.ts), sent as `Accept-Language` so the server answers in it. */
  language?(): string
}

interface CallOptions {
  /** Show the '加载中' indicator while the call runs (default true). */
  showLoading?: boolean
  /** Show the error toast of a code-0 answer (default true); turn off when the page shows it itself. */
  showToast?: boolean
  /** Show the indicator only when the call lasts this many ms (default 0: at once). */
  loadingDelay?: number
  /** Block taps while the indicator shows (default false). */
  loadingMask?: boolean
  /** Wait for a login under way before sending (default true); off for the calls the login itself makes. */
  waitForLogin?: boolean
  /**
   * Sent with this token instead of the stored login, for a session the app has already let go of (logging out):
   * its answer, whatever it is, never clears storage nor starts a login.
   */
  token?: string
}

export interface RequestOptions extends CallOptions {
  /** The API path, e.g. '/api/index/nav'. */
  url: string
  method?: HttpMethod
  data?: object
}

export interface UploadOptions extends CallOptions {
  url: string
  filePath: string
  /** Multipart field name of the file (default 'file'). */
  name?: string
  formData?: Record<string, string | number>
}

export interface Requester {
  request<T>(options: RequestOptions): Promise<T>
  upload<T>(options: UploadOptions): Promise<T>
  /** The generic helper (docs/spec.md §9): POST by default, indicator with a mask only after 800 ms. */
  http<T>(url: string, data?: object, options?: Omit<RequestOptions, 'url' | 'data'>): Promise<T>
}

/**
 * A promise that never settles: codes -1 and 200 leave the caller waiting on purpose (docs/spec.md §8). With -1 the
 * account is gone and login starts over, so the page must neither show data nor an error; code 200 has
 * nothing to deliver. The waiting callbacks are simply collected with the page.
 */
const never = <T>() => new Promise<T>(() => undefined)

/**
 * The request wrapper of docs/spec.md §7, §8. Every call carries the common params (query for GET, body for POST
 * and upload form fields), JSON content type, the Authorization header when logged in and a 300000 ms
 * time-out, and the app's language as `Accept-Language`. The answer envelope decides the outcome:
 *   1      resolves data
 *   0      toasts msg (or data.msg) and rejects with the envelope
 *   -9999  clears the credential and all storage, starts ONE login, rejects with the envelope. But a call that
 *          went out without a token is no dead session: it clears nothing (a login in progress keeps its return
 *          address and the referrer), joins or starts the one login and is sent once more with the token; a
 *          call whose token a login replaced meanwhile is sent again at once; and while a login runs nothing
 *          is cleared.
 *   -1     clears all storage and starts ONE login; the promise stays pending (no rejection)
 *   200    nothing to resolve: the promise stays pending
 *   other  rejects with the whole envelope (a body that is no envelope: with the transport response)
 * A call that gets no answer hides its indicator and rejects with a NetworkError. A call made while a login
 * is under way waits for it and goes out with its token. A call given its own `token` (logging out) neither waits
 * nor touches the stored login: it resolves on 1 and rejects with the envelope on any other code.
 */
export function createRequest(deps: RequestDeps): Requester {
  const loading = deps.loading ?? createLoadingCounter(deps.ui, deps.timers)
  const relogin = singleFlight(async () => deps.relogin())
  const pendingLogin = () => deps.pendingLogin?.()

  const commonParams = (detached?: string) => {
    const credential = detached === undefined ? readCredential(deps.storage) : { token: detached, user_id: '' }
    return {
      app_id: APP_ID,
      client: deps.client(),
      referee_id: deps.storage.get('refereeId') ?? '',
      token: credential?.token ?? '',
      user_id: credential?.user_id ?? ''
    }
  }

  const header = (json: boolean, detached?: string) => {
    const token = detached ?? readCredential(deps.storage)?.token
    const language = deps.language?.()
    return {
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(token ? { Authorization: token } : {}),
      ...(language ? { 'Accept-Language': language } : {})
    }
  }

  const startLogin = () => {
    relogin().catch(() => undefined)
  }

  const settle = <T>(
    response: TransportResponse,
    options: CallOptions,
    retry: (() => Promise<T>) | undefined,
    sentToken: string
  ): Promise<T> => {
    const body = parseBody(response.data)
    if (!isEnvelopeLike(body)) return Promise.reject(response)
    if (options.token !== undefined && body.code !== ENVELOPE.SUCCESS) return Promise.reject(body)
    switch (body.code as number) {
      case ENVELOPE.SUCCESS:
        return Promise.resolve(body.data as T)
      case ENVELOPE.ERROR: {
        const nested = (body.data as { msg?: unknown } | null)?.msg
        const message = body.msg || (typeof nested === 'string' ? nested : '')
        if (options.showToast !== false && message) deps.ui.toast(message)
        return Promise.reject(body)
      }
      case ENVELOPE.INVALID_TOKEN: {
        const stored = readCredential(deps.storage)?.token ?? ''
        // A login replaced the token while the call was out: it goes again with the new one.
        if (retry && stored && stored !== sentToken) return retry()
        // Sent before anyone logged in: one login (or the one under way), then the call again.
        if (retry && !sentToken) {
          return relogin().then(
            (outcome) =>
              outcome === 'redirecting' ? never<T>() : readCredential(deps.storage) ? retry() : Promise.reject(body),
            () => Promise.reject(body)
          )
        }
        // The stored session is dead; a login already under way (or a session another call reset) is left alone.
        if (sentToken === stored && !pendingLogin()) deps.storage.clear()
        startLogin()
        return Promise.reject(body)
      }
      case ENVELOPE.CLEAR_STORAGE:
        deps.storage.clear()
        startLogin()
        return never<T>()
      case ENVELOPE.NOTHING:
        return never<T>()
      default:
        return Promise.reject(body)
    }
  }

  /** Sends once (and, after a login that a token-less call needed, once more), waiting out a login under way. */
  const run = async <T>(options: CallOptions, send: () => Promise<TransportResponse>, retried = false): Promise<T> => {
    const waiting = options.waitForLogin === false || options.token !== undefined ? undefined : pendingLogin()
    if (waiting) await waiting.catch(() => undefined)
    const sentToken = readCredential(deps.storage)?.token ?? ''
    const end =
      options.showLoading === false
        ? () => undefined
        : loading.begin({ delay: options.loadingDelay, mask: options.loadingMask })
    let response: TransportResponse
    try {
      response = await send()
    } catch (failure) {
      end()
      throw toNetworkError(failure)
    }
    // Hidden before any toast: on the mini-program hideLoading would also close a toast shown first.
    end()
    return settle<T>(response, options, retried ? undefined : () => run<T>(options, send, true), sentToken)
  }

  const request = <T>(options: RequestOptions): Promise<T> => {
    const method = options.method ?? 'GET'
    const url = deps.baseUrl() + options.url
    // Params are read at each send: after a login the call goes out again with the new token.
    return run<T>(options, () => {
      const params = cleanParams({ ...commonParams(options.token), ...(options.data ?? {}) }) as Record<string, unknown>
      return deps.transport.request({
        url: method === 'GET' ? appendQuery(url, toQuery(params)) : url,
        method,
        data: method === 'GET' ? undefined : params,
        header: header(true, options.token),
        timeout: REQUEST_TIMEOUT
      })
    })
  }

  const upload = <T>(options: UploadOptions): Promise<T> => {
    return run<T>(options, () => {
      const fields = cleanParams({ ...commonParams(options.token), ...(options.formData ?? {}) })
      return deps.transport.upload({
        url: deps.baseUrl() + options.url,
        filePath: options.filePath,
        name: options.name ?? 'file',
        formData: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
        header: header(false, options.token),
        timeout: REQUEST_TIMEOUT
      })
    })
  }

  const http = <T>(url: string, data?: object, options: Omit<RequestOptions, 'url' | 'data'> = {}) =>
    request<T>({
      method: HTTP_HELPER_METHOD,
      loadingDelay: HTTP_HELPER_LOADING_DELAY,
      loadingMask: true,
      ...options,
      url,
      data
    })

  return { request, upload, http }
}

/** Uploads hand back the body as text. */
function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data
  try {
    return JSON.parse(data)
  } catch {
    return data
  }
}

/** Query values must be text: nested objects and arrays travel as JSON. */
function toQuery(params: Record<string, unknown>): Query {
  const query: Query = {}
  for (const [key, value] of Object.entries(params)) {
    query[key] = typeof value === 'object' && value !== null ? JSON.stringify(value) : (value as Query[string])
  }
  return query
}

function toNetworkError(failure: unknown): NetworkError {
  const { errMsg = String(failure), errno } = (
    typeof failure === 'object' && failure !== null ? failure : {}
  ) as Partial<TransportFailure>
  const message =
    errno === FAILURE_CODE.ABORT
      ? t('errors.aborted')
      : /timeout|timed out|超时/i.test(errMsg)
        ? t('errors.timeout')
        : t('errors.network')
  return new NetworkError(message, errMsg, errno)
}
