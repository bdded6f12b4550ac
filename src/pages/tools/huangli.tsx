import './parts/tools.scss'

import { View } from '@tarojs/components'
import { useMemo, useState } from 'react'

import Page from '@/components/Page'
import { almanacDay } from '@/metaphysics/almanac'

import { addDays, today, yearMonthOf } from './lib/dates'
import { attempt } from './lib/errors'
import { pageParams } from './lib/params'
import DateBar from './parts/DateBar'
import DayAlmanac from './parts/DayAlmanac'
import MonthCalendar from './parts/MonthCalendar'

/** pages/tools/huangli: the almanac of any day 1900..2100 (?date=YYYY-MM-DD), opening on today. */
export default function Huangli() {
  const now = useMemo(today, [])
  const [date, setDate] = useState(() => initialDate(now))
  const [inputError, setInputError] = useState('')
  const [view, setView] = useState(() => yearMonthOf(date))
  const { value: day, error } = useMemo(() => attempt(() => almanacDay(date)), [date])

  const show = (next: string) => {
    const checked = attempt(() => almanacDay(next))
    if (checked.error) {
      setInputError(`日期有误：${checked.error}`)
      return
    }
    setInputError('')
    setDate(checked.value!.date)
    setView(yearMonthOf(checked.value!.date))
  }

  const share = day
    ? {
        title: `老黄历 ${day.date} 农历${day.lunar.monthName}${day.lunar.dayName}`,
        desc: `宜：${day.yi.slice(0, 6).join(' ')}`
      }
    : { title: '老黄历' }

  return (
    <Page share={share}>
      <DateBar date={date} onChange={show} onStep={(days) => show(addDays(date, days))} onToday={() => show(now)} />
      {inputError && <View className="tool-error huangli__input-error">{inputError}</View>}
      <MonthCalendar
        year={view.year}
        month={view.month}
        selected={date}
        today={now}
        onMonth={(year, month) => setView({ year, month })}
        onSelect={show}
      />
      {error && <View className="tool-error">{error}</View>}
      {day && <DayAlmanac day={day} />}
    </Page>
  )
}

/** The shared date when a link carries a valid one, else today. */
function initialDate(now: string): string {
  const shared = pageParams().date
  return shared && !attempt(() => almanacDay(shared)).error ? almanacDay(shared).date : now
}
