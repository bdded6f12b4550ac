import Taro from '@tarojs/taro'

import type { BaziRecord } from '../../contract'
import { getDefaultBazi } from '../../src/api/tools'
import { clearCredential, saveCredential } from '../../src/core/credential'
import { appStorage } from '../../src/platform/storage'
import { DAILY_BIRTH_KEY } from '../../src/tools/daily/birth-store'
import Fortune from '../../src/tools/pages/daily/fortune'
import { tapOn } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/tools')

// 1990-05-15 14:30 male: 庚午 辛巳 庚辰 癸未 (香港天文台《1990年公历与农历对照表》)
const RECORD: BaziRecord = {
  id: 3,
  name: '张三',
  pillars: ['庚午', '辛巳', '庚辰', '癸未'],
  is_default: true,
  created_at: '2026-11-01T00:00:00.000Z',
  birth: {
    gender: 'male',
    date: '1990-05-15 14:30',
    calendar: 'solar',
    leap_month: false,
    city: '',
    utc_offset: 8,
    true_solar_time: false,
    zi_hour: 'next-day'
  }
}

describe('daily tools with a logged-in user', () => {
  beforeEach(() => {
    Taro.removeStorageSync(DAILY_BIRTH_KEY)
    saveCredential(appStorage, { user_id: 7, token: 'token-7' })
  })
  afterEach(() => {
    clearCredential(appStorage)
    jest.clearAllMocks()
  })

  it('uses the default saved chart instead of asking for a birth, and can switch to another birth', async () => {
    jest.mocked(getDefaultBazi).mockResolvedValue({ record: RECORD })
    const { container } = await renderPage(Fortune, { route: 'tools/pages/daily/fortune', depth: 2 })
    expect(container.querySelector('.birth-input__submit')).toBeNull()
    expect(container.querySelector('.daily__birth')!.textContent).toBe('默认档案「张三」· 公历1990年5月15日 14:30 · 男')
    expect(container.querySelector('.fortune__score')).not.toBeNull()
    await tapOn(container, '.daily__edit')
    expect(container.querySelector('.birth-input__submit')).not.toBeNull()
  })

  it('asks for a birth when there is no default chart, and says when it could not be read', async () => {
    jest.mocked(getDefaultBazi).mockResolvedValue({ record: null })
    const none = await renderPage(Fortune, { route: 'tools/pages/daily/fortune', depth: 2 })
    expect(none.container.querySelector('.birth-input__submit')).not.toBeNull()
    none.unmount()
    jest.mocked(getDefaultBazi).mockRejectedValue({ msg: '服务器繁忙，请稍后再试' })
    const failed = await renderPage(Fortune, { route: 'tools/pages/daily/fortune', depth: 2 })
    expect(failed.container.querySelector('.daily__default-error')!.textContent).toBe(
      '默认档案读取失败：服务器繁忙，请稍后再试'
    )
  })
})
