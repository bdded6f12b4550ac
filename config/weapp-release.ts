// What a release build of the mini-program must be given (`npm run build:weapp:release`, docs/mini-program.md):
// WeChat calls only https:// domains entered in the mini-program's admin (开发管理 → 开发设置 → 服务器域名), never
// an IP address or this machine, so a build that would call one is refused before it is made.

export interface ReleaseSettings {
  /** The API server the mini-program calls (requests and uploads). */
  API_BASE?: string
  /** The H5 app, opened in the web-view page and named in shared links. */
  H5_URL?: string
  /** The address public uploads are read from when it is not the API server (S3_PUBLIC_BASE_URL, a CDN). */
  STORAGE_URL?: string
  /** The mini-program's AppID (开发管理 → 开发设置): written into the release build's project.config.json. */
  WEAPP_APPID?: string
}

const LOOPBACK = /^(localhost|.*\.localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1?\])$/i
const IP_ADDRESS = /^(\d+(\.\d+){3}|\[[0-9a-f:.]+\])$/i

/** Why `value` cannot be a domain WeChat calls, naming the variable; undefined when it can. */
function domainProblem(name: string, value: string | undefined, required: boolean): string | undefined {
  if (!value)
    return required ? `${name} is not set: a release build needs the https:// address of ${WHAT[name]}` : undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `${name}=${value} is not an address`
  }
  if (url.protocol !== 'https:') return `${name}=${value} is not https://: WeChat calls only https:// domains`
  if (LOOPBACK.test(url.hostname))
    return `${name}=${value} points at this machine (${url.hostname}), which no phone reaches`
  if (IP_ADDRESS.test(url.hostname))
    return `${name}=${value} is an IP address: WeChat's domain list takes domain names only`
  return undefined
}

const WHAT: Record<string, string> = {
  API_BASE: 'the API server',
  H5_URL: 'the H5 app',
  STORAGE_URL: 'the storage or CDN host'
}

/** Every reason the settings cannot make a release build, as sentences naming the variable; empty when they can. */
export function releaseProblems(env: ReleaseSettings): string[] {
  const problems = [
    domainProblem('API_BASE', env.API_BASE, true),
    domainProblem('H5_URL', env.H5_URL, false),
    domainProblem('STORAGE_URL', env.STORAGE_URL, false)
  ].filter((p): p is string => Boolean(p))
  if (!env.WEAPP_APPID) problems.push("WEAPP_APPID is not set: the mini-program's AppID (wx and 16 hex digits)")
  else if (!/^wx[0-9a-f]{16}$/.test(env.WEAPP_APPID))
    problems.push(`WEAPP_APPID=${env.WEAPP_APPID} is not an AppID (wx and 16 hex digits)`)
  return problems
}

const origin = (value: string | undefined) => (value ? new URL(value).origin : undefined)
const unique = (list: (string | undefined)[]) => [...new Set(list.filter((v): v is string => Boolean(v)))]

/**
 * The domains to enter in the mini-program's admin for these settings, from what the code calls: requests and
 * uploads go to the API server (src/platform/transport.ts); files are downloaded from it and from the storage
 * host (posters draw pictures, src/components/share; the house plan reads its picture, src/tools/house); the
 * web-view page opens the H5 app (src/pages/web, 业务域名).
 */
export function weappDomains(
  env: ReleaseSettings
): Record<'request' | 'uploadFile' | 'downloadFile' | 'webView', string[]> {
  const api = origin(env.API_BASE)
  return {
    request: unique([api]),
    uploadFile: unique([api]),
    downloadFile: unique([api, origin(env.STORAGE_URL)]),
    webView: unique([origin(env.H5_URL)])
  }
}
