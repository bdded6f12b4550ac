import './index.scss'

import { Button, Input, Picker, Text, View } from '@tarojs/components'
import { type ReactNode, useMemo, useState } from 'react'

import { type City, searchCities } from '@/metaphysics/time'

import {
  type BirthForm,
  type BirthValue,
  dateColumns,
  formatBirthDate,
  otherCalendarText,
  pickerYears,
  toBirthForm,
  toBirthValue,
  UNKNOWN_TIME
} from './birth-value'

export type { BirthValue } from './birth-value'
export { describeBirth } from './birth-value'

interface Props {
  /** A birth to start from (editing a remembered one). */
  value?: BirthValue
  /** Called with a checked value when the user confirms. */
  onSubmit: (value: BirthValue) => void
  submitText?: string
  /** Offer the birth place (its longitude gives true solar time). */
  withPlace?: boolean
}

const MAX_CITY_RESULTS = 8

/** Birth date (公历 or 农历 with leap months), time or 时辰不详, gender and optionally the birth place. */
export default function BirthInput({ value, onSubmit, submitText = '确定', withPlace = false }: Props) {
  const years = useMemo(() => pickerYears(), [])
  const [form, setForm] = useState<BirthForm>(() => toBirthForm(value))
  const [error, setError] = useState('')
  const update = (patch: Partial<BirthForm>) => {
    setForm((f) => ({ ...f, ...patch }))
    setError('')
  }
  const columns = dateColumns(form.calendar, years)
  const pickerValue = [Math.max(0, years.indexOf(form.year)), form.month - 1, form.day - 1]
  const preview = useMemo(() => {
    try {
      return otherCalendarText(toDateOnly(form))
    } catch {
      return ''
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [form.calendar, form.year, form.month, form.day, form.leapMonth])

  const submit = () => {
    const result = toBirthValue(form)
    if ('error' in result) setError(result.error)
    else onSubmit(result.value)
  }

  return (
    <View className="birth-input">
      <Row label="历法">
        <Chip
          on={form.calendar === 'solar'}
          onClick={() => update({ calendar: 'solar', leapMonth: false })}
          text="公历"
          className="birth-input__solar"
        />
        <Chip
          on={form.calendar === 'lunar'}
          onClick={() => update({ calendar: 'lunar' })}
          text="农历"
          className="birth-input__lunar"
        />
      </Row>
      <Row label="出生日期">
        <Picker
          className="birth-input__date"
          mode="multiSelector"
          range={columns}
          value={pickerValue}
          onChange={(e) => {
            const [y, m, d] = e.detail.value as number[]
            update({ year: years[y], month: m + 1, day: d + 1 })
          }}
        >
          <View className="birth-input__field">{formatBirthDate(form)}</View>
        </Picker>
        {form.calendar === 'lunar' && (
          <Chip
            on={form.leapMonth}
            onClick={() => update({ leapMonth: !form.leapMonth })}
            text="闰月"
            className="birth-input__leap"
          />
        )}
      </Row>
      {preview && <Text className="birth-input__preview">即{preview}</Text>}
      <Row label="出生时间">
        {!form.timeUnknown && (
          <Picker
            className="birth-input__time"
            mode="time"
            value={form.time}
            onChange={(e) => update({ time: String(e.detail.value) })}
          >
            <View className="birth-input__field">{form.time}</View>
          </Picker>
        )}
        <Chip
          on={form.timeUnknown}
          onClick={() => update({ timeUnknown: !form.timeUnknown, time: form.time || UNKNOWN_TIME })}
          text="时辰不详"
          className="birth-input__unknown"
        />
      </Row>
      <Row label="性别">
        <Chip
          on={form.gender === 'male'}
          onClick={() => update({ gender: 'male' })}
          text="男"
          className="birth-input__male"
        />
        <Chip
          on={form.gender === 'female'}
          onClick={() => update({ gender: 'female' })}
          text="女"
          className="birth-input__female"
        />
      </Row>
      {withPlace && <PlaceRow place={form.place} onChange={(place) => update({ place })} />}
      {error && (
        <View className="birth-input__error" role="alert">
          {error}
        </View>
      )}
      <Button className="birth-input__submit" onClick={submit}>
        {submitText}
      </Button>
    </View>
  )
}

const toDateOnly = (form: BirthForm) => ({
  date: `${form.year}-${String(form.month).padStart(2, '0')}-${String(form.day).padStart(2, '0')}`,
  calendar: form.calendar,
  leapMonth: form.calendar === 'lunar' && form.leapMonth
})

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View className="birth-input__row">
      <Text className="birth-input__label">{label}</Text>
      <View className="birth-input__control">{children}</View>
    </View>
  )
}

function Chip({
  on,
  text,
  onClick,
  className = ''
}: {
  on: boolean
  text: string
  onClick: () => void
  className?: string
}) {
  return (
    <View className={`birth-input__chip ${on ? 'birth-input__chip--on' : ''} ${className}`} onClick={onClick}>
      {text}
    </View>
  )
}

/** Birth place: search the engine's city list, choose one, or clear it. */
function PlaceRow({ place, onChange }: { place: BirthForm['place']; onChange: (place: BirthForm['place']) => void }) {
  const [query, setQuery] = useState('')
  const results = useMemo(() => searchCities(query).slice(0, MAX_CITY_RESULTS), [query])
  const choose = (city: City) => {
    onChange({ name: city.name, longitude: city.longitude, utcOffset: city.utcOffset, timeZone: city.timeZone })
    setQuery('')
  }
  return (
    <View className="birth-input__place">
      <Row label="出生地">
        {place ? (
          <View className="birth-input__chosen">
            <Text>
              {place.name}（东经{place.longitude.toFixed(2)}°）
            </Text>
            <Text className="birth-input__clear" onClick={() => onChange(undefined)}>
              清除
            </Text>
          </View>
        ) : (
          <Input
            className="birth-input__search"
            value={query}
            placeholder="选填，输入城市名，用于真太阳时"
            onInput={(e) => setQuery(e.detail.value)}
          />
        )}
      </Row>
      {!place && query.trim() !== '' && (
        <View className="birth-input__cities">
          {results.length === 0 && <Text className="birth-input__none">未找到“{query.trim()}”，请换个城市名</Text>}
          {results.map((city) => (
            <View key={`${city.region}-${city.name}`} className="birth-input__city" onClick={() => choose(city)}>
              {city.name}
              <Text className="birth-input__region">{city.region}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
