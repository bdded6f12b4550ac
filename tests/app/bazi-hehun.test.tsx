import { fireEvent } from '@testing-library/react'

import HeHun from '../../src/pages/bazi/hehun'
import { renderPage, settle } from './render'

// 男 1990-05-15 14:30 (庚午 辛巳 庚辰 癸未) and 女 1991-03-16 10:00 (辛未 辛卯 乙酉 辛巳): 午未六合, 乙庚五合, 辰酉六合
const BOTH = {
  a: '1990-05-15%2014:30',
  ag: 'male',
  an: '%E5%BC%A0%E4%B8%89',
  b: '1991-03-16%2010:00',
  bg: 'female',
  bn: '%E6%9D%8E%E5%9B%9B'
}

describe('pages/bazi/hehun', () => {
  it('opens a shared link with both births read: score, both charts, each factor with verdict and source', async () => {
    const { container } = await renderPage(HeHun, { route: 'pages/bazi/hehun', params: BOTH, depth: 2 })
    expect(container.querySelector('.hehun-result__level')?.textContent).toBe('上等婚配')
    expect([...container.querySelectorAll('.hehun-result__who')].map((n) => n.textContent)).toEqual(['张三', '李四'])
    const chars = [...container.querySelectorAll('.hehun-result__chart')].map((c) =>
      [...c.querySelectorAll('.gz-row__char')].map((n) => n.textContent).join('')
    )
    expect(chars).toEqual(['庚午辛巳庚辰癸未', '辛未辛卯乙酉辛巳'])
    expect([...container.querySelectorAll('.hehun-factor__title')].map((n) => n.textContent)).toEqual([
      '年命（生肖）',
      '日柱（夫妻宫）',
      '五行互补',
      '用神互补',
      '神煞（孤辰寡宿 · 桃花）',
      '合婚结论'
    ])
    expect(container.querySelector('.hehun-factor--nianMing .hehun-factor__detail')?.textContent).toBe(
      '午马与未羊六合。'
    )
    expect(container.querySelector('.hehun-factor--nianMing .hehun-factor__verdict')?.textContent).toBe('吉')
    expect(container.querySelector('.hehun-factor--riZhu .hehun-factor__source')?.textContent).toContain('《三命通会》')
    expect(container.querySelector('.hehun__share')?.textContent).toBe('分享合婚结果')
  })

  it('says whose birth is missing instead of guessing', async () => {
    const { container } = await renderPage(HeHun, {
      route: 'pages/bazi/hehun',
      params: { a: '1990-05-15%2014:30', ag: 'male', an: '%E5%BC%A0%E4%B8%89' },
      depth: 2
    })
    expect(container.querySelector('.hehun-result')).toBeNull()
    fireEvent.click(container.querySelector('.hehun__go')!)
    await settle()
    expect(container.textContent).toContain('请填写第二位的出生日期和时间')
  })
})
