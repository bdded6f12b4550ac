import fs from 'node:fs'

import { MiniProgram } from './harness'
import { api } from './harness/api'
import { serverForFile } from './harness/server'

/** WeChat's platform rules the mini-program follows: privacy authorization, and no virtual goods sold on iOS. */
const server = serverForFile()

const kinds = (mp: MiniProgram) => mp.log.map((e) => `${e.kind}:${typeof e.detail === 'string' ? e.detail : ''}`)

test('app.json turns on the privacy check', () => {
  expect(JSON.parse(fs.readFileSync('dist/weapp/app.json', 'utf8')).__usePrivacyCheck__).toBe(true)
})

test('picking an avatar first asks privacy consent in our popup: refuse stops it, agree opens the album', async () => {
  const mp = await MiniProgram.launch({
    server: server.url,
    user: { nickname: '隐私用户' },
    privacyAgreed: false,
    path: 'pages/my/info'
  })
  try {
    expect(mp.text()).not.toContain('用户隐私保护提示')
    await mp.tap('头像')
    // The app asks up front (requirePrivacyAuthorize); WeChat's prompt reaches our popup, the album waits.
    expect(mp.text()).toContain('用户隐私保护提示')
    expect(kinds(mp)).toContain('privacyPrompt:requirePrivacyAuthorize')
    await mp.tap('《用户隐私保护指引》')
    expect(kinds(mp)).toContain('privacyContract:《用户隐私保护指引》')

    await mp.tap('拒绝', -1)
    expect(mp.text()).not.toContain('用户隐私保护提示')
    expect(mp.text()).toContain('需要同意《用户隐私保护指引》后才能使用此功能')
    expect(mp.log.some((e) => e.kind === 'uploadFile')).toBe(false)

    await mp.tap('头像')
    await mp.tap('同意', -1)
    expect(kinds(mp)).toContain('privacyAgreed:requirePrivacyAuthorize')
    expect(mp.text()).not.toContain('用户隐私保护提示')
    expect(mp.log.some((e) => e.kind === 'uploadFile')).toBe(true)
    expect(kinds(mp)).toContain('toast:头像已更新')
    // Asked once: the next choice goes straight to the album.
    const prompts = kinds(mp).filter((k) => k.startsWith('privacyPrompt')).length
    await mp.tap('头像')
    expect(kinds(mp).filter((k) => k.startsWith('privacyPrompt')).length).toBe(prompts)
    expect(mp.errors).toEqual([])
    expect(mp.unimplemented).toEqual([])
    expect(mp.ruleBreaches()).toEqual([])
  } finally {
    mp.close()
  }
})

describe('virtual goods on iOS', () => {
  let ids: { course: number; goods: number }
  beforeAll(async () => {
    const courses = (await api(server.url, 'POST', '/api/course.index/getList', { per_page: 50 })).list as Array<{
      course_id: number
      price: number
      kind: string
    }>
    const paid = courses.find((c) => c.price > 0 && c.kind === 'recorded')!
    const goods = (await api(server.url, 'GET', '/api/product.product/lists')).list[0]
    ids = { course: paid.course_id, goods: goods.goods_id }
  })

  for (const platform of ['ios', 'android'] as const) {
    const button = platform === 'ios' ? 'shows the note instead of' : 'keeps'
    test(`${platform}: a paid course ${button} its purchase button; shop goods keep theirs`, async () => {
      const mp = await MiniProgram.launch({
        server: server.url,
        user: { nickname: `${platform} 用户` },
        platform,
        path: 'pages/course/detail',
        query: { course_id: String(ids.course) }
      })
      try {
        const note = '根据微信平台规定，iOS 暂不支持购买虚拟商品'
        if (platform === 'ios') {
          expect(mp.text()).toContain(note)
          expect(mp.text()).not.toContain('立即购买')
        } else {
          expect(mp.text()).toContain('立即购买 ¥')
          expect(mp.text()).not.toContain(note)
        }
        await mp.reLaunch(`/goods/pages/goods/goods?goods_id=${ids.goods}`)
        expect(mp.text()).toContain('立即购买')
        expect(mp.text()).not.toContain(note)
        expect(mp.errors).toEqual([])
      } finally {
        mp.close()
      }
    })
  }
})
