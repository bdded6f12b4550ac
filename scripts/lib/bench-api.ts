import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import autocannon from 'autocannon'

export interface Target {
  name: string
  path: string
  headers: Record<string, string>
  loggedIn: boolean
}

export interface Measured {
  name: string
  rps: number
  p99: number
  failed: number
}

/**
 * What is measured: the home (public, cached), the logged-in profile read, and a logged-in checkout
 * preview (prices, coupons and freight computed for one SKU) of the first demo goods, delivered to a 新疆
 * address so its 运费模板 is matched region by region, free-shipping rules included.
 */
export async function apiTargets(url: string): Promise<Target[]> {
  const token = await loginForBench(url)
  const auth = { Authorization: token }
  await post(
    url,
    '/api/user.address/add',
    {
      name: '压测',
      mobile: '13900139000',
      province_code: '650000',
      city_code: '650100',
      district_code: '650102',
      detail: '天山区测试路1号',
      is_default: 1
    },
    token
  )
  const goods = await get(url, '/api/product.product/lists', { per_page: 1 })
  const { detail } = await get(url, '/api/product.product/detail', { goods_id: goods.list[0].goods_id })
  const sku = detail.skus[0]
  return [
    { name: 'GET /api/index/index', path: '/api/index/index', headers: {}, loggedIn: false },
    { name: 'GET /api/user.user/detail', path: '/api/user.user/detail', headers: auth, loggedIn: true },
    {
      name: 'GET /api/order.order/buy (checkout preview)',
      path: `/api/order.order/buy?mode=buy_now&quantity=1&sku_id=${sku.sku_id}`,
      headers: auth,
      loggedIn: true
    }
  ]
}

/**
 * Requests/second and p99 latency of each target, on loopback, 10 s each, 20 connections. The load comes from
 * wrk when it is installed (`apt-get install wrk`): written in C, it leaves the cores to the servers, which
 * matters on a small machine where they share them. Without it autocannon (in this process) does the work.
 */
export async function measure(url: string, targets: Target[]): Promise<Measured[]> {
  const results: Measured[] = []
  const wrk = await wrkPath()
  for (const target of targets) {
    // An error answer is HTTP 200 too (the envelope carries the code): check one before counting thousands.
    const res = await fetch(url + target.path, { headers: target.headers })
    const { code, msg } = (await res.json()) as { code: number; msg: string }
    if (code !== 1) throw new Error(`${target.name}: ${msg}`)
    results.push(await (wrk ? withWrk(wrk, url, target) : withAutocannon(url, target)))
  }
  return results
}

/** Which load generator `measure` uses, for the printed figures. */
export async function loadGenerator(): Promise<string> {
  return (await wrkPath()) ? 'wrk' : 'autocannon (install wrk for figures less bent by the generator)'
}

async function withAutocannon(url: string, target: Target): Promise<Measured> {
  const r = await autocannon({ url: url + target.path, headers: target.headers, connections: 20, duration: 10 })
  return { name: target.name, rps: Math.round(r.requests.average), p99: r.latency.p99, failed: r.non2xx + r.errors }
}

const run = promisify(execFile)

async function wrkPath(): Promise<string | undefined> {
  return run('which', ['wrk']).then(
    (r) => r.stdout.trim() || undefined,
    () => undefined
  )
}

/** wrk with one thread (enough for loopback); its --latency table gives the 99th percentile. */
async function withWrk(wrk: string, url: string, target: Target): Promise<Measured> {
  const headers = Object.entries(target.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`])
  const { stdout } = await run(wrk, ['-t1', '-c20', '-d10s', '--latency', ...headers, url + target.path])
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1])
  const [, value, unit] = /\s99%\s+([\d.]+)(us|ms|s)/.exec(stdout) ?? []
  const p99 = Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit as 'us' | 'ms' | 's'] ?? NaN)
  const failed = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0)
  const errors = /Socket errors:.*/.exec(stdout)?.[0]
  if (!Number.isFinite(rps) || !Number.isFinite(p99)) throw new Error(`wrk output not understood:\n${stdout}`)
  return {
    name: target.name,
    rps: Math.round(rps),
    p99: Math.round(p99 * 100) / 100,
    failed: failed + (errors ? 1 : 0)
  }
}

/** The embedded database's figures, printed against the yardstick. */
export async function benchApi(url: string): Promise<Measured[]> {
  console.log(`API load generator: ${await loadGenerator()}`)
  const results = await measure(url, await apiTargets(url))
  for (const m of results) {
    console.log(
      `${m.name.padEnd(44)} ${m.rps} req/s, p99 ${m.p99} ms${m.failed ? `, ${m.failed} failed` : ''}   ` +
        `yardstick >= 1500 req/s, p99 < 50 ms`
    )
  }
  return results
}

async function get(url: string, path: string, params: Record<string, unknown>) {
  const res = await fetch(`${url}${path}?${new URLSearchParams(params as Record<string, string>)}`)
  const json = (await res.json()) as { code: number; msg: string; data: any }
  if (json.code !== 1) throw new Error(`${path}: ${json.msg}`)
  return json.data
}

/** Logs a bench user in through the SMS simulator (its debug code is returned outside production). */
async function loginForBench(url: string): Promise<string> {
  // A new number each time: one code per number per minute, and a bench logs in once per server it starts.
  const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const sent = await post(url, '/api/sms.index/send', { mobile, scene: 'login' })
  const login = await post(url, '/api/user.user/mobileLogin', { mobile, sms_code: sent.debug_code })
  return login.token
}

async function post(url: string, path: string, body: object, token?: string) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body)
  })
  const json = (await res.json()) as { code: number; msg: string; data: any }
  if (json.code !== 1) throw new Error(`${path}: ${json.msg}`)
  return json.data
}
