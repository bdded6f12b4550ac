import autocannon from 'autocannon'

/** Requests/second and p99 latency of read endpoints, on loopback, 10 s each. */
export async function benchApi(url: string) {
  const token = await loginForBench(url)
  const targets = [
    { name: 'GET /api/index/index', path: '/api/index/index', headers: {} as Record<string, string> },
    { name: 'GET /api/user.user/detail', path: '/api/user.user/detail', headers: { Authorization: token } }
  ]
  for (const target of targets) {
    const result = await autocannon({
      url: url + target.path,
      headers: target.headers,
      connections: 20,
      duration: 10
    })
    const bad = result.non2xx + result.errors
    console.log(
      `${target.name.padEnd(28)} ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms` +
        `${bad ? `, ${bad} failed` : ''}   yardstick >= 1500 req/s, p99 < 50 ms`
    )
  }
}

/** Logs a bench user in through the SMS simulator (its debug code is returned outside production). */
async function loginForBench(url: string): Promise<string> {
  const post = async (path: string, body: object) => {
    const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const json = (await res.json()) as { code: number; msg: string; data: any }
    if (json.code !== 1) throw new Error(`${path}: ${json.msg}`)
    return json.data
  }
  const mobile = '13900000000'
  const sent = await post('/api/sms.index/send', { mobile, scene: 'login' })
  const login = await post('/api/user.user/mobileLogin', { mobile, sms_code: sent.debug_code })
  return login.token
}
