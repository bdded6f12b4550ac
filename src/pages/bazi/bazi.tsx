import './bazi.scss'

import { chinaClock } from '@contract/china-time'
import { Button, Input, Picker, Switch, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo, useState } from 'react'

import Page from '@/components/Page'
import { baziChart, baziThreePillars } from '@/metaphysics/bazi'
import { type City, resolveBirthTime, zoneText } from '@/metaphysics/time'
import { navigateTo } from '@/navigation'

import {
  chartErrorMessage,
  type DateFields,
  dateLabel,
  dateToFields,
  fieldsToDate,
  LUNAR_DAY_NAMES,
  LUNAR_MONTH_NAMES,
  parseQuickEntry,
  pickerYears,
  switchCalendar,
  timeLabel,
  ZI_HOUR_OPTIONS,
  ziHourNote
} from './birth-fields'
import { type BirthForm, plateUrl, queryToForm, toBaziInput } from './chart-query'
import CityPicker, { longitudeText } from './parts/CityPicker'
import Segmented from './parts/Segmented'

const QUICK_ENTRY_HINT =
  '快速录入：无法识别，请输入12位数字（年月日时分），如 199005151430，或用空格分开，如 1990 5 15 14 30'

const DEFAULT_FORM: BirthForm = {
  name: '',
  gender: 'male',
  calendar: 'solar',
  date: '1990-01-01 12:00',
  leapMonth: false,
  city: '',
  utcOffset: 8,
  trueSolarTime: false,
  ziHour: 'next-day'
}
const NAME_MAX = 12
const UNKNOWN_HOUR_NOTE =
  '不知道出生时辰时排“三柱”：年、月、日三柱与大运照常排出，时柱、命宫、身宫和小运不排，旺衰用神只供参考。记得大致时段的（如“中午”选 12:00），取消勾选后按时段排出完整四柱更准。'

const sign = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0')

/** pages/bazi/bazi: birth data for a bazi chart; submitting opens pages/bazi/plate with it in the query. */
export default function BaziInputPage() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  // A three-pillar chart's "修改" brings its date without a time: the hour stays unknown.
  const given = params.date ? queryToForm(params) : undefined
  const givenDateOnly = !!given && /^\d{4}-\d{1,2}-\d{1,2}$/.test(given.date.trim())
  const [form, setForm] = useState<BirthForm>(() =>
    given ? (givenDateOnly ? { ...given, date: `${given.date.trim()} 12:00` } : given) : DEFAULT_FORM
  )
  const [quick, setQuick] = useState('')
  const [unknownHour, setUnknownHour] = useState(givenDateOnly)
  const [choosingCity, setChoosingCity] = useState(false)
  const [error, setError] = useState('')
  const fields = dateToFields(form.date)
  const years = useMemo(() => pickerYears(chinaClock().year), [])

  const update = (patch: Partial<BirthForm>) => {
    setError('')
    setForm((f) => ({ ...f, ...patch }))
  }
  const setFields = (patch: Partial<DateFields>) => update({ date: fieldsToDate({ ...fields, ...patch }) })

  // The moment the chart will use, shown as the user types; an impossible date says why here.
  const preview = useMemo(() => {
    try {
      return { time: resolveBirthTime(toBaziInput(form)) }
    } catch (e) {
      return { error: chartErrorMessage(e) }
    }
  }, [form])

  const onCalendar = (calendar: BirthForm['calendar']) => {
    if (calendar === form.calendar) return
    // a quick entry is read in the calendar chosen when typed; keep it from showing the other one's digits
    setQuick('')
    const switched = switchCalendar(fields, form.calendar, form.leapMonth)
    update(
      switched
        ? { calendar, date: fieldsToDate(switched.fields), leapMonth: switched.leapMonth }
        : { calendar, leapMonth: false }
    )
  }

  const onQuick = (text: string) => {
    setQuick(text)
    const parsed = parseQuickEntry(text)
    if (parsed) {
      setUnknownHour(false)
      update({ date: fieldsToDate(parsed) })
    }
  }
  // Typed text that is no date is never charted silently: it says what it wants instead.
  const quickError = quick.trim() && !parseQuickEntry(quick) ? QUICK_ENTRY_HINT : ''

  const onCity = (city: City | null) => {
    setChoosingCity(false)
    if (!city) update({ city: '', longitude: undefined, utcOffset: 8, timeZone: undefined, trueSolarTime: false })
    else
      update({
        city: city.name,
        longitude: city.longitude,
        utcOffset: city.utcOffset,
        timeZone: city.timeZone,
        trueSolarTime: true
      })
  }

  const submit = () => {
    if (form.name.trim().length > NAME_MAX) return setError(`姓名：最多${NAME_MAX}个字`)
    if (quickError) return setError(quickError)
    if (unknownHour) {
      const dateOnly = { ...form, name: form.name.trim(), date: form.date.slice(0, 10), trueSolarTime: false }
      try {
        baziThreePillars({ ...toBaziInput(dateOnly), date: dateOnly.date })
      } catch (e) {
        return setError(`出生信息有误：${chartErrorMessage(e)}`)
      }
      return void navigateTo(plateUrl(dateOnly))
    }
    try {
      baziChart(toBaziInput(form))
    } catch (e) {
      return setError(`出生信息有误：${chartErrorMessage(e)}`)
    }
    void navigateTo(plateUrl({ ...form, name: form.name.trim() }))
  }

  const lunarValue = [Math.max(0, years.indexOf(fields.year)), fields.month - 1, fields.day - 1]
  const correction = preview.time?.correction

  return (
    <Page share={{ title: '八字排盘', desc: '输入出生时间，排出专业四柱命盘' }}>
      <View className="bazi-form">
        <View className="bazi-form__card">
          <View className="bazi-form__row">
            <Text className="bazi-form__label">姓名</Text>
            <Input
              className="bazi-form__input bazi-form__name"
              placeholder="选填"
              maxlength={20}
              value={form.name}
              onInput={(e) => update({ name: e.detail.value })}
            />
          </View>
          <View className="bazi-form__row">
            <Text className="bazi-form__label">性别</Text>
            <Segmented
              name="gender"
              options={[
                ['male', '男'],
                ['female', '女']
              ]}
              value={form.gender}
              onChange={(gender) => update({ gender })}
            />
          </View>
          <View className="bazi-form__row">
            <Text className="bazi-form__label">历法</Text>
            <Segmented
              name="calendar"
              options={[
                ['solar', '公历'],
                ['lunar', '农历']
              ]}
              value={form.calendar}
              onChange={onCalendar}
            />
          </View>
          <View className="bazi-form__row">
            <Text className="bazi-form__label">出生日期</Text>
            {form.calendar === 'solar' ? (
              <Picker
                className="bazi-form__picker bazi-form__date"
                mode="date"
                value={fieldsToDate(fields).slice(0, 10)}
                start={`${years[0]}-01-01`}
                end={`${years[years.length - 1]}-12-31`}
                onChange={(e) => {
                  const [year, month, day] = String(e.detail.value).split('-').map(Number)
                  setFields({ year, month, day })
                }}
              >
                <View className="bazi-form__value">{dateLabel(fields, 'solar', false)}</View>
              </Picker>
            ) : (
              <Picker
                className="bazi-form__picker bazi-form__date"
                mode="multiSelector"
                range={[years.map((y) => `${y}年`), LUNAR_MONTH_NAMES, LUNAR_DAY_NAMES]}
                value={lunarValue}
                onChange={(e) => {
                  const [y, m, d] = e.detail.value as number[]
                  setFields({ year: years[y], month: m + 1, day: d + 1 })
                }}
              >
                <View className="bazi-form__value">{dateLabel(fields, 'lunar', form.leapMonth)}</View>
              </Picker>
            )}
          </View>
          {form.calendar === 'lunar' && (
            <View className="bazi-form__row">
              <Text className="bazi-form__label">闰月</Text>
              <Switch
                className="bazi-form__leap"
                checked={form.leapMonth}
                color="#F57C00"
                onChange={(e) => update({ leapMonth: e.detail.value })}
              />
              <Text className="bazi-form__hint">生在闰月时打开</Text>
            </View>
          )}
          <View className="bazi-form__row">
            <Text className="bazi-form__label">出生时间</Text>
            {unknownHour ? (
              <Text className="bazi-form__value bazi-form__value--muted">时辰不详</Text>
            ) : (
              <Picker
                className="bazi-form__picker bazi-form__time"
                mode="time"
                value={timeLabel(fields)}
                onChange={(e) => {
                  const [hour, minute] = String(e.detail.value).split(':').map(Number)
                  setFields({ hour, minute })
                }}
              >
                <View className="bazi-form__value">{timeLabel(fields)}</View>
              </Picker>
            )}
            <View
              className={`bazi-form__check ${unknownHour ? 'bazi-form__check--on' : ''}`}
              role="checkbox"
              aria-checked={unknownHour}
              onClick={() => {
                setError('')
                setUnknownHour(!unknownHour)
              }}
            >
              时辰不详
            </View>
          </View>
          {unknownHour && <View className="bazi-form__note">{UNKNOWN_HOUR_NOTE}</View>}
          <View className="bazi-form__row">
            <Text className="bazi-form__label">快速录入</Text>
            <Input
              className="bazi-form__input bazi-form__quick"
              placeholder="如 199005151430"
              value={quick}
              onInput={(e) => onQuick(e.detail.value)}
            />
          </View>
          {quickError && <View className="bazi-form__note bazi-form__quick-error">{quickError}</View>}
        </View>

        <View className="bazi-form__card">
          <View className="bazi-form__row" onClick={() => setChoosingCity(true)}>
            <Text className="bazi-form__label">出生地</Text>
            <Text className={`bazi-form__value bazi-form__city ${form.city ? '' : 'bazi-form__value--muted'}`}>
              {form.city ? `${form.city}（${longitudeText(form.longitude ?? 0)}）` : '选择城市（用于真太阳时）'}
            </Text>
            <Text className="bazi-form__arrow">›</Text>
          </View>
          <View className="bazi-form__row">
            <Text className="bazi-form__label">真太阳时</Text>
            <Switch
              className="bazi-form__tst"
              checked={form.trueSolarTime}
              disabled={form.longitude === undefined}
              color="#F57C00"
              onChange={(e) => update({ trueSolarTime: e.detail.value })}
            />
            <Text className="bazi-form__hint">
              {form.longitude === undefined ? '先选择出生地' : form.trueSolarTime ? '按出生地经度校正' : '不校正'}
            </Text>
          </View>
          {preview.time && (
            <View className="bazi-form__preview">
              <Text className="bazi-form__preview-line">
                {preview.time.trueSolarTime ? '真太阳时' : '排盘时间'}：{preview.time.display.local}
              </Text>
              {preview.time.zone && (
                <Text className="bazi-form__preview-detail bazi-form__preview-zone">
                  当地时钟：{zoneText(preview.time.zone, form.city)}
                </Text>
              )}
              {correction && correction.totalMinutes !== 0 && (
                <Text className="bazi-form__preview-detail">
                  {[
                    correction.dstMinutes ? `夏令时 ${sign(correction.dstMinutes)} 分` : '',
                    preview.time.trueSolarTime ? `经度 ${sign(correction.longitudeMinutes)} 分` : '',
                    preview.time.trueSolarTime ? `均时差 ${sign(correction.equationOfTimeMinutes)} 分` : ''
                  ]
                    .filter(Boolean)
                    .join('，')}
                  ，共 {sign(correction.totalMinutes)} 分
                </Text>
              )}
            </View>
          )}
          {preview.error && (
            <View className="bazi-form__invalid" role="alert">
              出生日期：{preview.error}
            </View>
          )}
          <View className="bazi-form__row">
            <Text className="bazi-form__label">子时换日</Text>
            <Segmented
              name="zi"
              options={ZI_HOUR_OPTIONS}
              value={form.ziHour}
              onChange={(ziHour) => update({ ziHour })}
            />
          </View>
          <View className="bazi-form__hint bazi-form__hint--block">{ziHourNote(form.ziHour)}</View>
        </View>

        {error && (
          <View className="bazi-form__error" role="alert">
            {error}
          </View>
        )}
        <Button className="bazi-form__submit" onClick={submit}>
          开始排盘
        </Button>
      </View>
      {choosingCity && <CityPicker onSelect={onCity} onClose={() => setChoosingCity(false)} />}
    </Page>
  )
}
