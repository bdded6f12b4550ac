import Taro from '@tarojs/taro'

import { addToHistory, HISTORY_KEY, HISTORY_LIMIT, loadHistory } from '../../src/tools/divination/history'
import Divination, { COIN_SHAKE_MS } from '../../src/tools/pages/divination/divination'
import { pick, tapOn, typeInto } from './events'
import { renderPage, settle } from './render'

const ROUTE = 'tools/pages/divination/divination'

// 1949-10-01 15:00 is 己丑年 癸酉月 甲子日 壬申时 (published almanacs: the founding day was a 甲子日),
// so 月建 酉, 日辰 子, 旬空 戌亥 (甲子旬).
const DATE = '1949-10-01'
const TIME = '15:00'

async function open() {
  const view = await renderPage(Divination, { route: ROUTE, depth: 2 })
  await pick(view.container, '.divination__time taro-picker-core[mode="date"]', DATE)
  await pick(view.container, '.divination__time taro-picker-core[mode="time"]', TIME)
  return view
}

/** Hand entry bottom line first, e.g. [9, 7, 7, 7, 7, 7]. */
async function enterByHand(container: Element, values: number[]) {
  await tapOn(container, '.divination__mode-hand')
  for (const [i, v] of values.entries()) await tapOn(container, `.hand__line[data-line="${i + 1}"] [data-value="${v}"]`)
  await tapOn(container, '.hand__submit')
}

const row = (c: Element, line: number) => c.querySelector(`.chart__row[data-line="${line}"]`)!
const cells = (c: Element, line: number) => ({
  shen: row(c, line).querySelector('.chart__c-shen')!.textContent,
  fu: row(c, line).querySelector('.chart__c-fu')!.textContent,
  ben: row(c, line).querySelector('.chart__c-ben')!.textContent,
  sy: row(c, line).querySelector('.chart__c-sy')!.textContent,
  bian: row(c, line).querySelector('.chart__c-bian')!.textContent
})

describe('tools/pages/divination/divination', () => {
  beforeEach(() => Taro.removeStorageSync(HISTORY_KEY))
  afterEach(() => jest.restoreAllMocks())

  it('charts 乾为天 with a moving 初九 by hand: 纳甲, 六亲, 六神, 世应, 变卦 天风姤', async () => {
    const { container } = await open()
    await typeInto(container, '.divination__question', '问事业')
    await enterByHand(container, [9, 7, 7, 7, 7, 7])
    const text = container.textContent!
    expect(text).toContain('所问：问事业')
    expect(text).toContain('己丑年 癸酉月 甲子日 壬申时')
    expect(text).toContain('月建 酉 · 日辰 子 · 旬空 戌亥')
    const names = Array.from(container.querySelectorAll('.chart__gua-name')).map((e) => e.textContent)
    expect(names).toEqual(['䷀ 乾为天', '䷫ 天风姤'])
    // 《卜筮正宗》 纳甲: 乾 内甲子寅辰 外壬午申戌; 乾宫金: 子孙 妻财 父母 官鬼 兄弟 父母; 世六 应三.
    // 六神 甲乙日起青龙 (初爻) 朱雀 勾陈 螣蛇 白虎 玄武.
    expect(cells(container, 1)).toMatchObject({ shen: '青龙', ben: '子孙甲子水', sy: '' })
    expect(cells(container, 2)).toMatchObject({ shen: '朱雀', ben: '妻财甲寅木' })
    expect(cells(container, 3)).toMatchObject({ shen: '勾陈', ben: '父母甲辰土', sy: '应' })
    expect(cells(container, 4)).toMatchObject({ shen: '螣蛇', ben: '官鬼壬午火' })
    expect(cells(container, 5)).toMatchObject({ shen: '白虎', ben: '兄弟壬申金' })
    expect(cells(container, 6)).toMatchObject({ shen: '玄武', ben: '父母壬戌土', sy: '世' })
    // 初九 moves: 巽 inner 辛丑 -> 父母辛丑土 in the 变卦
    expect(cells(container, 1).bian).toBe('父母辛丑土')
    expect(row(container, 1).className).toContain('chart__row--moving')
    expect(cells(container, 2).bian).toBe('')
    // 《周易》 texts
    expect(text).toContain('卦辞：元亨利贞。')
    expect(text).toContain('初九（动）：潜龙勿用。')
    expect(text).toContain('卦辞：女壮，勿用取女。')
  })

  it('shows the hidden 妻财 of 天风姤 as 伏神 under its second line', async () => {
    const { container } = await open()
    await enterByHand(container, [8, 7, 7, 7, 7, 7])
    // 《增删卜易》: 姤 (乾宫一世) lacks 妻财; 乾宫首卦 二爻 甲寅木 妻财 伏于 二爻 辛亥水 之下. 世初 应四.
    expect(cells(container, 2)).toMatchObject({ fu: '妻财甲寅木', ben: '子孙辛亥水' })
    expect(cells(container, 1).sy).toBe('世')
    expect(cells(container, 4).sy).toBe('应')
    expect(container.textContent).toContain('六爻安静，无变卦')
  })

  it('names the line that is missing in hand entry', async () => {
    const { container } = await open()
    await tapOn(container, '.divination__mode-hand')
    await tapOn(container, '.hand__submit')
    expect(container.querySelector('[role="alert"]')!.textContent).toBe('初爻：请选择少阳、少阴、老阳或老阴')
    expect(container.querySelector('.chart__table')).toBeNull()
  })

  it('throws three coins per tap, bottom line first, and keeps the chart in the history', async () => {
    // throwCoins reads bytes from crypto.getRandomValues; an odd byte is a 背 (《火珠林》: three 背 老阳).
    const throwsOfBacks = [3, 1, 1, 1, 1, 1]
    let call = 0
    jest.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(((bytes: Uint8Array) => {
      const backs = throwsOfBacks[call++]
      bytes.fill(0)
      for (let k = 0; k < backs; k++) bytes[k] = 1
      return bytes
    }) as any)
    const { container } = await open()
    for (let i = 0; i < 6; i++) {
      expect(container.querySelector('.coins__throw')!.textContent).toContain(`摇第${i + 1}次`)
      await tapOn(container, '.coins__throw')
      expect(container.querySelector('.coins__row--shaking')).not.toBeNull()
      await settle(COIN_SHAKE_MS + 50)
      if (i === 0) expect(container.querySelector('.coins__kind')!.textContent).toBe('老阳○')
    }
    const names = Array.from(container.querySelectorAll('.chart__gua-name')).map((e) => e.textContent)
    expect(names).toEqual(['䷀ 乾为天', '䷫ 天风姤'])
    expect(loadHistory()).toEqual([
      { question: '', date: `${DATE} ${TIME}`, values: [9, 7, 7, 7, 7, 7], title: '乾为天 之 天风姤' }
    ])

    // Back on the page later: the record is listed and reopens the chart.
    const again = await renderPage(Divination, { route: ROUTE, depth: 2 })
    expect(again.container.querySelector('.divination__record-title')!.textContent).toBe('乾为天 之 天风姤')
    await tapOn(again.container, '.divination__record')
    expect(again.container.textContent).toContain('己丑年 癸酉月 甲子日 壬申时')
  })

  it('keeps at most 20 charts, newest first', () => {
    for (let i = 0; i < 25; i++)
      addToHistory({ question: `问${i}`, date: DATE + ' 12:00', values: [7, 7, 7, 7, 7, 7], title: '乾为天' })
    const list = loadHistory()
    expect(list).toHaveLength(HISTORY_LIMIT)
    expect(list[0].question).toBe('问24')
  })
})
