import { fireEvent } from '@testing-library/react'

import Ziwei from '../../src/pages/bazi/ziwei'
import { renderPage, settle } from './render'

/*
 * iztro's own documented plate (SylarLong/iztro, src/__tests__/astro/astro.test.ts「bySolar()」):
 * 2000-08-16 寅时 女 — 命宫壬午, 身宫戌, 命主破军, 身主文昌, 木三局; on 2023-08-19 the 大限 庚辰 sits in
 * 夫妻 (四化 太阳 武曲 太阴 天同) and the 流年 癸卯 transforms 破军 巨门 太阴 贪狼. 生年 庚: 太阳化禄.
 */
const QUERY = {
  date: '2000-08-16%2004:00',
  gender: 'female',
  calendar: 'solar',
  tst: '0',
  zi: 'next-day',
  name: '%E6%9D%8E%E5%9B%9B'
}

const cell = (container: HTMLElement, branch: string) =>
  container.querySelector(`.zw-cell[data-branch="${branch}"]`) as HTMLElement
const starLine = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('.zw-star')].find((s) => s.querySelector('.zw-star__name')?.textContent === name)
    ?.textContent

describe('pages/bazi/ziwei', () => {
  it('draws the twelve palaces around the birth on the square plate, 巳 top left and 亥 bottom right', async () => {
    const { container } = await renderPage(Ziwei, { route: 'pages/bazi/ziwei', params: QUERY, depth: 2 })
    expect(container.querySelectorAll('.zw-cell')).toHaveLength(12)
    expect(cell(container, '巳').style.gridRow).toBe('1')
    expect(cell(container, '巳').style.gridColumn).toBe('1')
    expect(cell(container, '亥').style.gridRow).toBe('4')
    expect(cell(container, '亥').style.gridColumn).toBe('4')
    // 命宫 in 午 with its stem 壬; 身宫 in 戌
    expect(cell(container, '午').querySelector('.zw-cell__name')?.textContent).toBe('命宫')
    expect(cell(container, '午').querySelector('.zw-cell__gz')?.textContent).toBe('壬午')
    expect(cell(container, '戌').querySelector('.zw-cell__body')?.textContent).toBe('身')
    const centre = container.querySelector('.zw-centre')!.textContent!
    expect(centre).toContain('李四')
    expect(centre).toContain('木三局')
    expect(centre).toContain('命主 破军 · 身主 文昌')
    // 生年四化 of 庚: 太阳禄 武曲权 太阴科 天同忌, each beside its star with the star's brightness
    expect(starLine(container, '太阳')).toMatch(/^太阳.?禄/)
    expect(starLine(container, '天同')).toMatch(/^天同.?忌/)
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('紫微斗数')
  })

  it('choosing the 大限 of ages 23–32 and the 流年 2023 marks their palaces and their 四化', async () => {
    const { container } = await renderPage(Ziwei, { route: 'pages/bazi/ziwei', params: QUERY, depth: 2 })
    const decade = [...container.querySelectorAll('.zw-decade')].find((d) => d.textContent!.startsWith('23-32岁'))!
    expect(decade.textContent).toContain('庚辰')
    fireEvent.click(decade)
    await settle()
    const years = [...container.querySelectorAll('.zw-year')].map((y) => y.textContent)
    expect(years[0]).toBe('2022壬寅')
    fireEvent.click([...container.querySelectorAll('.zw-year')].find((y) => y.textContent === '2023癸卯')!)
    await settle()
    expect(container.querySelector('.zw-cell--decadal .zw-cell__name')?.textContent).toBe('夫妻')
    expect(container.querySelector('.zw-centre')!.textContent).toContain('流年 癸卯')
    expect(container.querySelector('.zw-centre')!.textContent).toContain('虚岁24')
    // 大限 庚: 太阳 化禄 (限禄); 流年 癸: 破军 化禄 (年禄), 贪狼 化忌 (年忌)
    expect(starLine(container, '太阳')).toContain('限禄')
    expect(starLine(container, '破军')).toContain('年禄')
    expect(starLine(container, '贪狼')).toContain('年忌')
    // the 流年 palace is that year's 命宫: its cell reads 年命
    expect(container.querySelector('.zw-cell--yearly .zw-cell__luck')?.textContent).toContain('年命')
  })

  it('states the clock it assumed: 纽约 1990-07-04 11:20 on EDT, summer time taken off, true solar time', async () => {
    const { container } = await renderPage(Ziwei, {
      route: 'pages/bazi/ziwei',
      params: {
        date: '1990-07-04%2011:20',
        gender: 'male',
        lng: '-74.01',
        tz: '-5',
        zone: 'America%2FNew_York',
        tst: '1',
        city: '%E7%BA%BD%E7%BA%A6'
      },
      depth: 2
    })
    const clock = container.querySelector('.zw-clock')!.textContent!
    expect(clock).toMatch(/^真太阳时 1990-07-04 10:(19|20|21)（已扣夏令时）/)
    expect(clock).toContain('纽约 UTC-4（夏令时） 西经74.01°')
    // Without a place, the plate says it read Beijing time.
    const plain = await renderPage(Ziwei, { route: 'pages/bazi/ziwei', params: QUERY, depth: 2 })
    expect(plain.container.querySelector('.zw-clock')!.textContent).toBe('北京时间 2000-08-16 04:00\u3000未选出生地')
  })

  it('names what is wrong with a birth it cannot chart', async () => {
    const { container } = await renderPage(Ziwei, {
      route: 'pages/bazi/ziwei',
      params: { date: '2000-08-16%2004:00' },
      depth: 2
    })
    expect(container.textContent).toContain('无法排盘：请选择性别（男或女）')
  })
})
