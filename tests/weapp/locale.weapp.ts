import { MiniProgram } from './harness'
import { serverForFile } from './harness/server'

/**
 * The app's languages in the mini-program, whose main package ships the zh-Hans catalogue alone: another language's
 * comes from the server, is kept for the next start, and until it is there the screens are in zh-Hans (docs/i18n.md).
 */
const server = serverForFile()

/** The tab bar as its text reads, last on the screen. */
const TAB_BAR_EN = 'Home Services Courses Certificates Shop Me'
const TAB_BAR_ZH = '首页 服务 课程 证书 商城 我的'
/** A catalogue key drawn instead of its string ('mine.logout', 'routes.pages/my/my'). */
const KEY = /\b(common|states|errors|time|routes|mine|language)\.[\w/]+/

test('English chosen: the shell is in English, never keys; a later start draws it at once, offline too', async () => {
  const first = await MiniProgram.launch({ server: server.url, storage: { locale: '"en"' }, recordDraws: true })
  let storage: Record<string, string>
  try {
    expect(first.text().endsWith(TAB_BAR_EN)).toBe(true)
    expect(first.draws.filter((d) => KEY.test(d.text)).map((d) => d.text)).toEqual([])
    expect(
      first.log.some(
        (e) => e.kind === 'request' && String((e.detail as { url: string }).url).includes('/api/index/catalogue')
      )
    ).toBe(true)
    storage = first.storageSnapshot()
    expect(Object.keys(storage)).toContain('catalogueCache')
    expect(first.errors).toEqual([])
  } finally {
    first.close()
  }
  const offline = await MiniProgram.launch({ server: server.url, storage, offline: true, recordDraws: true })
  try {
    expect(offline.text().endsWith(TAB_BAR_EN)).toBe(true)
    // In English from the first draw: no Chinese tab bar before it.
    expect(offline.draws.filter((d) => d.text.includes(TAB_BAR_ZH)).map((d) => d.text)).toEqual([])
  } finally {
    offline.close()
  }
})

test('in zh-Hans, the language it ships, the app asks the server for no catalogue', async () => {
  const mp = await MiniProgram.launch({ server: server.url })
  try {
    expect(mp.text().endsWith(TAB_BAR_ZH)).toBe(true)
    expect(mp.log.some((e) => String((e.detail as { url?: string })?.url ?? '').includes('/api/index/catalogue'))).toBe(
      false
    )
  } finally {
    mp.close()
  }
})
