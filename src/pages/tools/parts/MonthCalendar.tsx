import './MonthCalendar.scss'

import { Text, View } from '@tarojs/components'
import { useMemo } from 'react'

import { almanacMonth } from '@/metaphysics/almanac'
import { shiftMonth } from '@/pages/tools/lib/dates'
import { attempt } from '@/pages/tools/lib/errors'

interface Props {
  year: number
  month: number
  selected: string
  today: string
  onMonth: (year: number, month: number) => void
  onSelect: (date: string) => void
}

const WEEK_HEAD = ['一', '二', '三', '四', '五', '六', '日']

/** A six-week month (Monday first) with each day's 农历 day, 节气 or festival; tapping a day selects it. */
export default function MonthCalendar({ year, month, selected, today, onMonth, onSelect }: Props) {
  const { value, error } = useMemo(() => attempt(() => almanacMonth(year, month)), [year, month])
  const go = (by: number) => {
    const next = shiftMonth(year, month, by)
    onMonth(next.year, next.month)
  }
  return (
    <View className="month-cal">
      <View className="month-cal__head">
        <Text className="month-cal__nav month-cal__prev" onClick={() => go(-1)}>
          ‹ 上月
        </Text>
        <Text className="month-cal__title">
          {year}年{month}月
        </Text>
        <Text className="month-cal__nav month-cal__next" onClick={() => go(1)}>
          下月 ›
        </Text>
      </View>
      {error && <View className="tool-error">{error}</View>}
      {value && (
        <View className="month-cal__grid">
          {WEEK_HEAD.map((w) => (
            <Text key={w} className="month-cal__week">
              {w}
            </Text>
          ))}
          {value.days.map((d) => {
            const marked = d.jieQi || d.festivals.length > 0 || d.caption === d.lunarMonthName
            const classes = [
              'month-cal__day',
              d.inMonth ? '' : 'month-cal__day--outside',
              d.date === selected ? 'month-cal__day--selected' : '',
              d.date === today ? 'month-cal__day--today' : ''
            ]
            return (
              <View key={d.date} className={classes.join(' ')} data-date={d.date} onClick={() => onSelect(d.date)}>
                {d.holiday && (
                  <Text className={`month-cal__holiday month-cal__holiday--${d.holiday.work ? 'work' : 'off'}`}>
                    {d.holiday.work ? '班' : '休'}
                  </Text>
                )}
                <Text className="month-cal__num">{d.day}</Text>
                <Text className={`month-cal__caption ${marked ? 'month-cal__caption--mark' : ''}`}>{d.caption}</Text>
              </View>
            )
          })}
        </View>
      )}
    </View>
  )
}
