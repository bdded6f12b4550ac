import Taro from '@tarojs/taro'
import { fireEvent } from '@testing-library/react'

import BaziInput from '../../src/pages/bazi/bazi'
import { formToQuery, queryToForm, toBaziInput } from '../../src/pages/bazi/chart-query'
import { formToBirth, recordToForm } from '../../src/pages/bazi/components/birth'
import Plate from '../../src/pages/bazi/plate'
import { birthOfRecord } from '../../src/tools/daily/default-birth'
import { renderPage, settle } from './render'

/*
 * 纽约 1990-07-04 11:20 was on EDT (UTC-4, America/New_York in the tz database): the hour is 辛巳
 * (true solar time about 10:20). 香港 1988-07-01 11:30 had no summer time (Hong Kong's last was 1979).
 */
let navigate: jest.SpyInstance
beforeEach(() => {
  navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
})
afterEach(() => jest.restoreAllMocks())

const typeInto = async (container: HTMLElement, selector: string, value: string) => {
  for (let i = 0; i < 20 && !container.querySelector(`${selector} input`); i++) await settle(10)
  fireEvent.input(container.querySelector(`${selector} input`)!, { target: { value } })
  await settle()
}

describe('the birth place’s time zone in the bazi pages', () => {
  it('a picked city carries its zone: the preview names the clock, the plate url keeps the zone', async () => {
    const { container } = await renderPage(BaziInput, { route: 'pages/bazi/bazi', depth: 2 })
    await typeInto(container, '.bazi-form__quick', '199007041120')
    fireEvent.click(container.querySelector('.bazi-form__city')!)
    await settle()
    await typeInto(container, '.city-picker', '纽约')
    fireEvent.click(
      [...container.querySelectorAll('.city-picker__city')].find((c) => c.textContent?.startsWith('纽约'))!
    )
    await settle()
    const preview = container.querySelector('.bazi-form__preview')!.textContent!
    expect(preview).toContain('当地时钟：纽约 UTC-4（夏令时）')
    expect(preview).toContain('夏令时 −60 分')
    expect(preview).toMatch(/真太阳时：1990-07-04 10:(19|20|21)/)
    fireEvent.click(container.querySelector('.bazi-form__submit')!)
    await settle()
    const url = navigate.mock.calls[0][0].url as string
    expect(url).toContain(`zone=${encodeURIComponent('America/New_York')}`)
  })

  it('the plate header says which offset and summer time were applied', async () => {
    const { container } = await renderPage(Plate, {
      route: 'pages/bazi/plate',
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
    const head = container.querySelector('.plate__head')!.textContent!
    expect(head).toContain('纽约 UTC-4（夏令时）')
    expect(head).toContain('已扣夏令时')
    const hour = [...container.querySelectorAll('[data-row="天干"] .pillars__cell')].map((c) => c.textContent)[3]
    expect(hour).toContain('辛')
  })

  it('query, API birth and saved record keep the zone; without one nothing changes', () => {
    const form = queryToForm({ date: '1988-07-01 11:30', gender: 'male', lng: '114.17', zone: 'Asia/Hong_Kong' })
    expect(form.timeZone).toBe('Asia/Hong_Kong')
    expect(formToQuery(form).zone).toBe('Asia/Hong_Kong')
    expect(toBaziInput(form).timeZone).toBe('Asia/Hong_Kong')
    expect(formToBirth(form).time_zone).toBe('Asia/Hong_Kong')
    const plain = queryToForm({ date: '1988-07-01 11:30', gender: 'male' })
    expect(plain.timeZone).toBeUndefined()
    expect('zone' in formToQuery(plain)).toBe(false)
    expect('time_zone' in formToBirth(plain)).toBe(false)
    const birth = { ...formToBirth(form), calendar: 'solar' as const }
    expect(recordToForm({ name: '', birth }).timeZone).toBe('Asia/Hong_Kong')
    const record = {
      id: 1,
      name: '',
      birth: {
        ...birth,
        leap_month: false,
        city: '香港',
        utc_offset: 8,
        true_solar_time: true,
        zi_hour: 'next-day' as const
      },
      pillars: [],
      is_default: true,
      created_at: ''
    }
    expect(birthOfRecord(record).timeZone).toBe('Asia/Hong_Kong')
  })
})
