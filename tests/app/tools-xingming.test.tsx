import Xingming from '../../src/pages/tools/xingming'
import { fireTaro, tap } from './events'
import { renderPage } from './render'

const ROUTE = 'pages/tools/xingming'
const open = (params: Record<string, string> = {}) => renderPage(Xingming, { route: ROUTE, params, depth: 2 })

async function analyse(container: Element, surname: string, given: string) {
  await fireTaro(container.querySelector('.xingming__surname'), 'input', surname)
  await fireTaro(container.querySelector('.xingming__given'), 'input', given)
  await tap(container.querySelector('.xingming__submit'))
}

const geText = (container: Element, name: string) =>
  container.querySelector(`.wuge__ge--${name} .wuge__ge-name`)?.textContent

describe('pages/tools/xingming', () => {
  it('analyses 张伟: 康熙 strokes 張 11 偉 11, 人格 22', async () => {
    const { container } = await open()
    await analyse(container, '张', '伟')
    // 《康熙字典》: 張 11 画, 偉 11 画; single surname and given name: 天格 12, 人格 22, 地格 12, 外格 2, 总格 22
    expect(geText(container, '人格')).toBe('人格 22')
    expect(geText(container, '天格')).toBe('天格 12')
    expect(geText(container, '地格')).toBe('地格 12')
    expect(geText(container, '外格')).toBe('外格 2')
    expect(geText(container, '总格')).toBe('总格 22')
    const chars = Array.from(container.querySelectorAll('.wuge__char')).map((c) => c.textContent)
    expect(chars[0]).toContain('繁体 張')
    expect(chars[0]).toContain('康熙 11 画')
    expect(chars[1]).toContain('繁体 偉')
    // 81 数理: 22 秋草逢霜 凶, 12 掘井无泉 凶 (熊崎健翁《姓名之神秘》数理表)
    expect(container.querySelector('.wuge__ge--人格')?.textContent).toContain('秋草逢霜')
    expect(container.querySelector('.wuge__ge--人格 .wuge__ge-luck')?.textContent).toBe('凶')
    expect(container.querySelector('.wuge__ge--天格')?.textContent).toContain('掘井无泉')
    // 三才: 12 木, 22 木, 12 木 (数理五行 by the last digit: 1-2 木)
    expect(container.querySelector('.wuge__sancai')?.textContent).toContain('三才配置 木木木')
  })

  it('recognises a compound surname: 欧阳修', async () => {
    const { container } = await open()
    await analyse(container, '欧阳', '修')
    // 《康熙字典》: 歐 15, 陽 17 (阝 counted as 阜), 修 10; 复姓单名: 天格 32, 人格 27, 地格 11, 外格 16, 总格 42
    expect(geText(container, '天格')).toBe('天格 32')
    expect(geText(container, '人格')).toBe('人格 27')
    expect(geText(container, '地格')).toBe('地格 11')
    expect(geText(container, '外格')).toBe('外格 16')
    expect(geText(container, '总格')).toBe('总格 42')
  })

  it('names the field that is empty or not Chinese', async () => {
    const { container } = await open()
    await tap(container.querySelector('.xingming__submit'))
    expect(container.querySelector('.xingming__error')?.textContent).toBe('请填写姓氏')
    await analyse(container, '张', 'wei')
    expect(container.querySelector('.xingming__error')?.textContent).toBe('名字须为汉字')
    expect(container.querySelector('.wuge')).toBeNull()
  })

  it('opens a shared name from the link, and compares it with a birth chart', async () => {
    const { container } = await open({ surname: '张', given: '伟' })
    expect(geText(container, '人格')).toBe('人格 22')
    expect(container.querySelector('.name-fit__result')).toBeNull()
    await fireTaro(container.querySelector('.name-fit taro-picker-core'), 'change', '1990-01-01')
    const fit = container.querySelector('.name-fit__result')?.textContent ?? ''
    expect(fit).toContain('命局所需')
    expect(fit).toMatch(/契合|部分契合|不契合/)
    // 1990-01-01 is a 丙寅 day: 3652 days (52 mod 60) before the 戊午 day 2000-01-01 (香港天文台 2000 年历)
    expect(fit).toContain('丙寅')
  })
})
