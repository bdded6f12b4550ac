import { baziChart } from '../../src/metaphysics/bazi'
import { type BirthForm, formToQuery, plateUrl, queryToForm, toBaziInput } from '../../src/pages/bazi/chart-query'

const FORM: BirthForm = {
  name: '张三',
  gender: 'male',
  calendar: 'solar',
  date: '1990-05-15 14:30',
  leapMonth: false,
  city: '北京',
  longitude: 116.41,
  utcOffset: 8,
  trueSolarTime: true,
  ziHour: 'next-day'
}

/** What a router hands the page for a url: the query split, values as they travel (percent-encoded). */
const paramsOf = (url: string): Record<string, string> =>
  Object.fromEntries(
    url
      .split('?')[1]
      .split('&')
      .map((pair) => pair.split('=') as [string, string])
  )

describe('pages/bazi/chart-query', () => {
  it('turns a birth form into a plate url and back, unchanged', () => {
    const url = plateUrl(FORM)
    expect(url).toBe(
      '/pages/bazi/plate?date=1990-05-15%2014%3A30&gender=male&calendar=solar&lng=116.41&tst=1&zi=next-day&' +
        'name=%E5%BC%A0%E4%B8%89&city=%E5%8C%97%E4%BA%AC'
    )
    expect(queryToForm(paramsOf(url))).toEqual(FORM)
  })

  it('keeps a lunar leap month, a foreign time zone and the 夜子时 rule', () => {
    const form: BirthForm = {
      ...FORM,
      calendar: 'lunar',
      leapMonth: true,
      date: '2023-02-10 23:30',
      city: '纽约',
      longitude: -74.01,
      utcOffset: -5,
      ziHour: 'same-day'
    }
    const query = formToQuery(form)
    expect(query).toMatchObject({ calendar: 'lunar', leap: '1', tz: '-5', zi: 'same-day', lng: '-74.01' })
    expect(queryToForm(query)).toEqual(form)
  })

  it('reads the documented share query, with decoded values as the mini-program passes them', () => {
    const form = queryToForm({
      date: '1990-05-15 14:30',
      gender: 'male',
      calendar: 'solar',
      lng: '116.4',
      tst: '1',
      zi: 'next-day',
      name: '张三'
    })
    expect(form).toMatchObject({
      date: '1990-05-15 14:30',
      name: '张三',
      longitude: 116.4,
      trueSolarTime: true,
      utcOffset: 8
    })
    // The reference birth (the reference chart): 庚午 辛巳 庚辰 癸未
    const { pillars } = baziChart(toBaziInput(form))
    expect([pillars.year, pillars.month, pillars.day, pillars.hour].map((p) => p.ganZhi).join(' ')).toBe(
      '庚午 辛巳 庚辰 癸未'
    )
  })

  it('without a place there is no true solar time, and a missing gender stays missing for the engine to name', () => {
    const form = queryToForm({ date: '1990-05-15%2014:30', tst: '1' })
    expect(toBaziInput(form)).toMatchObject({ trueSolarTime: false })
    expect(toBaziInput(form)).not.toHaveProperty('longitude')
    expect(() => baziChart(toBaziInput(form))).toThrow('性别')
  })
})
