import type { Envelope } from '@contract'
import type { AdminUploadResult } from '@contract/admin'

/** A failed call: the server's Chinese message, and its code (-9999: the console session ended). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number
  ) {
    super(message)
  }
}

let csrfToken = ''
let onSessionEnded: () => void = () => undefined

export function setCsrfToken(token: string): void {
  csrfToken = token
}

/** Called once when any call finds the session gone (the app shows the login page). */
export function whenSessionEnds(handler: () => void): void {
  onSessionEnded = handler
}

const BASE = '/api/admin'

/** The console's one request function: the cookie rides along, writes carry the CSRF token. */
async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown> | FormData = {},
  background = false
): Promise<T> {
  let url = BASE + path
  // A poll the console makes by itself says so: it keeps no idle session alive.
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: (background ? { 'x-background': '1' } : {}) as Record<string, string>
  }
  if (params instanceof FormData) {
    // The browser sets the multipart boundary itself.
    init.headers = { 'x-csrf-token': csrfToken }
    init.body = params
  } else if (method === 'GET') {
    const query = new URLSearchParams()
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') query.set(k, String(v))
    if ([...query].length) url += `?${query}`
  } else {
    init.headers = { 'content-type': 'application/json', 'x-csrf-token': csrfToken }
    init.body = JSON.stringify(params)
  }
  let body: Envelope<T>
  try {
    const res = await fetch(url, init)
    body = (await res.json()) as Envelope<T>
  } catch {
    throw new ApiError('网络异常，请检查网络后重试', 0)
  }
  if (body.code === 1) return body.data
  if (body.code === -9999) onSessionEnded()
  throw new ApiError(body.msg || '请求失败', body.code)
}

export const api = {
  get: <T>(path: string, params?: Record<string, unknown>) => request<T>('GET', path, params),
  /** A read the console repeats by itself (usePolling): it does not count as the operator's activity. */
  poll: <T>(path: string, params?: Record<string, unknown>) => request<T>('GET', path, params, true),
  post: <T = Record<string, never>>(path: string, params?: Record<string, unknown>) => request<T>('POST', path, params),
  /** Uploads one image (field `file`); answers its public address. */
  uploadImage: async (file: Blob) => {
    const form = new FormData()
    form.append('file', file)
    return (await request<AdminUploadResult>('POST', '/upload/image', form)).url
  }
}

/** The address of a GET endpoint with its query (a download the browser fetches itself). */
export function downloadUrl(path: string, params: Record<string, unknown>): string {
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') query.set(k, String(v))
  return `${BASE}${path}?${query}`
}
