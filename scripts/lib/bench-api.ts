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
 * preview (prices, coupons and freight computed for one SKU) of the first demo goods.
 */
export async function apiTargets(url: string): Promise<Target[]> {
  const token = await loginForBench(url)
  const auth = { Authorization: token }
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

/** Requests/second and p99 latency of each target, on loopback, 10 s each. */
export async function measure(url: string, targets: Target[]): Promise<Measured[]> {
  const results: Measured[] = []
  for (const target of targets) {
    const r = await autocannon({ url: url + target.path, headers: target.headers, connections: 20, duration: 10 })
    results.push({
      name: target.name,
      rps: Math.round(r.requests.average),
      p99: r.latency.p99,
      failed: r.non2xx + r.errors
    })
  }
  return results
}

/** The embedded database's figures, printed against the yardstick. */
export async function benchApi(url: string): Promise<Measured[]> {
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
  const post = async (path: string, body: object) => {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    const json = (await res.json()) as { code: number; msg: string; data: any }
    if (json.code !== 1) throw new Error(`${path}: ${json.msg}`)
    return json.data
  }
  // A new number each time: one code per number per minute, and a bench logs in once per server it starts.
  const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const sent = await post('/api/sms.index/send', { mobile, scene: 'login' })
  const login = await post('/api/user.user/mobileLogin', { mobile, sms_code: sent.debug_code })
  return login.token
}
