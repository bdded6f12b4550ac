import { MiniProgram } from './harness'
import { serverForFile } from './harness/server'

/** The app shell in the headless runtime: launch login, the six-tab host, sharing, a referrer's scene. */
const server = serverForFile()

test('launch logs in with wx.login through the WeChat simulator', async () => {
  const mp = await MiniProgram.launch({ server: server.url, user: { nickname: '启动登录' } })
  try {
    const credential = mp.storage('Authorization') as { user_id: number; token: string }
    expect(credential.user_id).toBeGreaterThan(0)
    expect(mp.storage('isLoggedIn')).toBeTruthy()
    const user = await (
      await fetch(`${server.url}/api/user.user/detail`, { headers: { authorization: credential.token } })
    ).json()
    // wx.login carries no profile (WeChat stopped handing out nicknames at login): a new account.
    expect(user.code).toBe(1)
    expect(user.data.user.nickname).toBe('微信用户')
    expect(mp.log.some((e) => e.kind === 'login')).toBe(true)
    expect(mp.errors).toEqual([])
  } finally {
    mp.close()
  }
})

test('the six tabs switch inside one page, each panel keeps its content, sub-pages close', async () => {
  const mp = await MiniProgram.launch({ server: server.url })
  try {
    expect(mp.text()).toContain('八字排盘')
    const panels: Array<[string, string]> = [
      ['服务', '八字详批'],
      ['课程', '八字命理入门'],
      ['证书', '风水规划师'],
      ['商城', '罗盘'],
      ['我的', '八字档案']
    ]
    for (const [tab, content] of panels) {
      await mp.tap(tab, -1)
      expect(mp.stack.map((p) => p.route)).toEqual(['pages/v2index/index'])
      expect(mp.text()).toContain(content)
    }
    // The home panel is hidden, not gone: back to it, its content is there without a reload.
    await mp.tap('首页', -1)
    expect(mp.text()).toContain('八字排盘')
    expect(mp.text()).not.toContain('风水规划师（中级）')
    // From a sub-page a tab switch closes the sub-pages.
    await mp.tap('八字排盘')
    expect(mp.top?.route).toBe('pages/bazi/bazi')
    await mp.back()
    await mp.tap('我的', -1)
    expect(mp.stack).toHaveLength(1)
    expect(mp.errors).toEqual([])
    expect(mp.unimplemented).toEqual([])
    expect(mp.ruleBreaches()).toEqual([])
  } finally {
    mp.close()
  }
})

test("a share carries the user's referee_id", async () => {
  const mp = await MiniProgram.launch({ server: server.url })
  try {
    const { user_id } = mp.storage('Authorization') as { user_id: number }
    const home = mp.share()
    expect(home.path).toMatch(new RegExp(`^/pages/v2index/index\\?(.*&)?referee_id=${user_id}(&|$)`))
    await mp.reLaunch('/goods/pages/goods/goods?goods_id=10')
    const goods = mp.share()
    expect(goods.path).toMatch(/^\/goods\/pages\/goods\/goods\?/)
    expect(new URLSearchParams(String(goods.path).split('?')[1]).get('goods_id')).toBe('10')
    expect(new URLSearchParams(String(goods.path).split('?')[1]).get('referee_id')).toBe(String(user_id))
  } finally {
    mp.close()
  }
})

test('a launch from a mini-program code (scene=referee_id%3D7) stores the referrer and sends it', async () => {
  const mp = await MiniProgram.launch({
    server: server.url,
    scene: 1047,
    query: { scene: 'referee_id%3D7' },
    user: { nickname: '扫码用户' }
  })
  try {
    expect(mp.storage('refereeId')).toBe('7')
    const gets = mp.log
      .filter((e) => e.kind === 'request' && (e.detail as { method: string }).method === 'GET')
      .map((e) => (e.detail as { url: string }).url)
    expect(gets.length).toBeGreaterThan(0)
    for (const url of gets) expect(new URL(url).searchParams.get('referee_id')).toBe('7')
    expect(mp.errors).toEqual([])
  } finally {
    mp.close()
  }
})

test('a link to a page that does not exist lands on the not-found page, which leads home', async () => {
  const mp = await MiniProgram.launch({ server: server.url, path: 'pages/gone/away', query: { id: '3' } })
  try {
    expect(mp.stack.map((p) => p.route)).toEqual(['pages/notFound/notFound'])
    expect(mp.text()).toContain('页面不存在')
    expect(mp.text()).toContain('pages/gone/away')
    await mp.tap('返回首页')
    expect(mp.stack.map((p) => p.route)).toEqual(['pages/v2index/index'])
    expect(mp.text()).toContain('八字排盘')
    expect(mp.errors).toEqual([])
  } finally {
    mp.close()
  }
})

test('a page opened from a 朋友圈 share (单页模式) shows its content read-only, no login, no login toast', async () => {
  const goods = (await (await fetch(`${server.url}/api/product.product/lists`)).json()).data.list[0]
  const mp = await MiniProgram.launch({
    server: server.url,
    path: 'goods/pages/goods/goods',
    query: { goods_id: String(goods.goods_id) },
    scene: 1154
  })
  try {
    expect(mp.top?.route).toBe('goods/pages/goods/goods')
    expect(mp.text()).toContain(goods.name)
    // No login attempt at launch, nothing stored, no toast; WeChat's own bar replaces ours.
    expect(mp.log.filter((e) => ['login', 'toast'].includes(e.kind))).toEqual([])
    expect(mp.storage('Authorization')).toBeUndefined()
    expect(mp.text().startsWith('商品详情')).toBe(false)
    // An action that needs the full mini-program says where it is, and no login sheet opens.
    await mp.tap('加入购物车')
    expect(mp.log.filter((e) => e.kind === 'toast').map((e) => e.detail)).toEqual([
      '请点击屏幕下方「前往小程序」使用完整功能'
    ])
    expect(mp.text()).not.toContain('手机号登录')
    expect(mp.errors).toEqual([])
    expect(mp.ruleBreaches()).toEqual([])
  } finally {
    mp.close()
  }
})

const sentOrAnswered = (mp: MiniProgram, kind: 'requestSent' | 'request', path: string) =>
  mp.log.findIndex((e) => e.kind === kind && String((e.detail as { url: string }).url).includes(path))

test('launch asks for the home beside the login; a later start draws the last home at once, even offline', async () => {
  const first = await MiniProgram.launch({ server: server.url, user: { nickname: '首页缓存' } })
  let storage: Record<string, string>
  try {
    // The home's request leaves before the login's answer is back: two round trips in parallel, not in a row.
    const homeSent = sentOrAnswered(first, 'requestSent', '/api/index/index')
    const loggedIn = sentOrAnswered(first, 'request', '/api/wechat.index/mpLogin')
    expect(homeSent).toBeGreaterThanOrEqual(0)
    expect(loggedIn).toBeGreaterThan(homeSent)
    expect(first.text()).toContain('八字排盘')
    storage = first.storageSnapshot()
    expect(Object.keys(storage)).toContain('homeCache')
  } finally {
    first.close()
  }
  const offline = await MiniProgram.launch({ server: server.url, storage, offline: true })
  try {
    expect(offline.text()).toContain('八字排盘')
    expect(offline.text()).not.toContain('重新加载')
  } finally {
    offline.close()
  }
})
