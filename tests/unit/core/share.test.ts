import { buildMiniShare, buildShareLink } from '../../../src/core/share'

const queryOf = (link: string) => Object.fromEntries(new URLSearchParams(link.split('?').pop()))

describe('buildShareLink (H5, docs/spec.md §4)', () => {
  it('is the h5 host + #/ + route + the options + the sharer as referee_id', () => {
    const link = buildShareLink({
      h5Host: 'https://m.example.com/',
      route: 'pages/course/detail',
      options: { course_id: 12 },
      userId: 7
    })
    expect(link).toBe('https://m.example.com/#/pages/course/detail?course_id=12&referee_id=7')
  })

  it('replaces an existing referee_id instead of adding a second one', () => {
    const link = buildShareLink({
      h5Host: 'https://m.example.com',
      route: '/pages/course/detail',
      options: { referee_id: 3, course_id: 12 },
      userId: 7
    })
    expect(link.match(/referee_id/g)).toHaveLength(1)
    expect(queryOf(link)).toEqual({ course_id: '12', referee_id: '7' })
  })

  it('encodes keys and values', () => {
    const link = buildShareLink({
      h5Host: 'https://m.example.com/',
      route: 'goods/pages/search/search',
      options: { keyword: '八字 入门&进阶', 'a b': '1=2' },
      userId: 9
    })
    expect(link).toBe(
      'https://m.example.com/#/goods/pages/search/search?keyword=%E5%85%AB%E5%AD%97%20%E5%85%A5%E9%97%A8%26' +
        '%E8%BF%9B%E9%98%B6&a%20b=1%3D2&referee_id=9'
    )
    expect(queryOf(link)).toEqual({ keyword: '八字 入门&进阶', 'a b': '1=2', referee_id: '9' })
  })

  it('drops the host hash and the login code/state but keeps other host parameters', () => {
    const link = buildShareLink({
      h5Host: 'https://m.example.com/app/?code=abc&from=ad&state=s#/pages/my/my',
      route: 'pages/my/my',
      userId: 1
    })
    expect(link).toBe('https://m.example.com/app/?from=ad#/pages/my/my?referee_id=1')
  })

  it('merges a query written in the route and leaves out framework keys', () => {
    const link = buildShareLink({
      h5Host: 'https://m.example.com/',
      route: 'pages/article/detail?article_id=5',
      options: { $taroTimestamp: 123, tab: 'a' },
      userId: 2
    })
    expect(link).toBe('https://m.example.com/#/pages/article/detail?article_id=5&tab=a&referee_id=2')
  })

  it('a visitor without an id passes on the referrer the link came with, or none', () => {
    expect(buildShareLink({ h5Host: 'https://m.example.com/', route: 'pages/my/my', options: { referee_id: 3 } })).toBe(
      'https://m.example.com/#/pages/my/my?referee_id=3'
    )
    expect(buildShareLink({ h5Host: 'https://m.example.com/', route: 'pages/my/my', userId: '' })).toBe(
      'https://m.example.com/#/pages/my/my'
    )
  })
})

describe('buildMiniShare (mini-program)', () => {
  it('gives onShareAppMessage a path and onShareTimeline a query', () => {
    const share = buildMiniShare({
      route: 'pages/course/detail',
      options: { course_id: 12, referee_id: 4 },
      userId: 7,
      title: '课程',
      imageUrl: 'https://x/a.png'
    })
    expect(share.appMessage).toEqual({
      path: '/pages/course/detail?course_id=12&referee_id=7',
      title: '课程',
      imageUrl: 'https://x/a.png'
    })
    expect(share.timeline).toEqual({ query: 'course_id=12&referee_id=7', title: '课程', imageUrl: 'https://x/a.png' })
  })
})
