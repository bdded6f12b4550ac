// WeChat's own checkers (scripts/lib/wechat-tools.ts) refuse what WeChat refuses, on a small mini-program
// written here: a gate that cannot fail is no gate.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { scrollAreaProblems } from '../../scripts/lib/weapp-rules'
import { jsLevelProblems, wechatCi, wechatCiProblems, wxssProblems } from '../../scripts/lib/wechat-tools'

function miniProgram(files: Record<string, string>, setting: Record<string, boolean> = {}): string {
  const dist = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wechat-tools-')), 'weapp')
  const all: Record<string, string> = {
    'app.json': JSON.stringify({ pages: ['pages/index/index'], lazyCodeLoading: 'requiredComponents' }),
    'app.js': 'App({})',
    'app.wxss': '.page { color: #333; }',
    'pages/index/index.json': '{}',
    'pages/index/index.js': 'Page({})',
    'pages/index/index.wxml': '<view class="page">首页</view>',
    'pages/index/index.wxss': '.page__title { font-size: 16px; }',
    'project.config.json': JSON.stringify({
      miniprogramRoot: './',
      appid: 'touristappid',
      compileType: 'miniprogram',
      setting: { es6: false, minified: true, minifyWXSS: true, minifyWXML: true, ...setting }
    }),
    ...files
  }
  for (const [file, content] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
    fs.writeFileSync(path.join(dist, file), content)
  }
  return dist
}

describe('wcsc', () => {
  it('compiles ASCII selectors and names the file and place of a selector with Chinese characters', () => {
    expect(wxssProblems(miniProgram({}))).toEqual([])
    const problems = wxssProblems(miniProgram({ 'pages/index/index.wxss': '.verdict--吉 { color: green; }' }))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^wcsc: pages\/index\/index\.wxss\(1:\d+\)/)
  })
})

describe('scroll areas', () => {
  it('asks every rule that scrolls for momentum on iOS, as the Audits panel does', () => {
    const dist = miniProgram({
      'pages/index/index.wxss':
        '.tabs { overflow-x: auto; -webkit-overflow-scrolling: touch; } .sheet { overflow-y: scroll; }'
    })
    expect(scrollAreaProblems(dist)).toEqual([
      'pages/index/index.wxss: ".sheet" scrolls without -webkit-overflow-scrolling'
    ])
  })
})

describe('the JavaScript level', () => {
  it('passes ES2019 and refuses optional chaining, nullish coalescing, logical assignment and look-behind', () => {
    expect(
      jsLevelProblems({ 'a.js': 'const { a, ...rest } = o; async function f() { try { await g() } catch { } }' })
    ).toEqual([])
    const problems = jsLevelProblems({
      'chain.js': 'var x = a?.b',
      'nullish.js': 'var x = a ?? b',
      'assign.js': 'a ??= b',
      'behind.js': 'var r = /(?<=¥)\\d+/',
      'page.wxml': '<view>{{a?.b}}</view>'
    })
    expect(problems.map((p) => p.split(':')[0])).toEqual(['chain.js', 'nullish.js', 'assign.js', 'behind.js'])
    expect(problems[3]).toMatch(/look-behind/)
  })
})

describe('miniprogram-ci, offline', () => {
  it('accepts a compressed, lazily loaded mini-program whose every file is referenced', async () => {
    const report = await wechatCi(miniProgram({}))
    expect(wechatCiProblems(report)).toEqual([])
    expect(report.quality.length).toBeGreaterThan(5)
    expect(report.files).toEqual(expect.arrayContaining(['app.json', 'pages/index/index.js', 'pages/index/index.wxml']))
  }, 60000)

  it('names an unreferenced JS file, a computed require, compression off and ES2020 in what WeChat runs', async () => {
    const dist = miniProgram(
      {
        'pages/index/index.js': 'var name = "./lonely" + ".js"; require.async(name); Page({ data: { a: wx?.x } })',
        'lonely.js': 'module.exports = 1',
        'app.json': JSON.stringify({ pages: ['pages/index/index'] })
      },
      { minified: false }
    )
    const problems = wechatCiProblems(await wechatCi(dist))
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^checkCodeQuality JS_COMPRESS_OPEN/),
        expect.stringMatching(/^checkCodeQuality LAZYCODE_LOADING_OPEN/),
        "analyseCode: lonely.js is referenced by nothing (WeChat's upload filter drops it)",
        expect.stringMatching(/^analyseCode: pages\/index\/index\.js: the request of a dependency is an expression/),
        expect.stringMatching(/^pages\/index\/index\.js: needs more than ES2019/)
      ])
    )
  }, 60000)
})
