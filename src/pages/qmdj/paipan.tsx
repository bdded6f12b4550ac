import './paipan.scss'

import { Button, Picker, Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'

import Page from '@/components/Page'
import { qimenChart, type QimenMethod } from '@/metaphysics/qimen'
import { navigateTo } from '@/navigation'
import { chartErrorMessage } from '@/pages/bazi/birth-fields'
import Segmented from '@/pages/bazi/parts/Segmented'

import { beijingNow, detailUrl, METHOD_NAMES } from './qimen-query'

type When = 'now' | 'chosen'
const METHOD_NOTES: Record<QimenMethod, string> = {
  chaibu: '拆补法：以当前节气定局，符头定上中下元（多数软件默认）',
  zhirun: '置闰法：符头与节气对齐，超神过九日于芒种、大雪置闰'
}

/** pages/qmdj/paipan: choose the moment (now, or a date and time) and the method, then draw the chart. */
export default function QimenInputPage() {
  const [when, setWhen] = useState<When>('now')
  const [chosen, setChosen] = useState(() => beijingNow())
  const [method, setMethod] = useState<QimenMethod>('chaibu')
  const [error, setError] = useState('')
  const [day, time] = chosen.split(' ')
  const thisYear = useMemo(() => new Date().getFullYear(), [])

  const submit = () => {
    const date = when === 'now' ? beijingNow() : chosen
    try {
      qimenChart({ date, method })
    } catch (e) {
      return setError(`起局时间：${chartErrorMessage(e)}`)
    }
    void navigateTo(detailUrl({ date, method }))
  }
  const change = (next: string) => {
    setError('')
    setChosen(next)
  }

  return (
    <Page share={{ title: '奇门遁甲排盘', desc: '时家奇门转盘，拆补与置闰' }}>
      <View className="qm-form">
        <View className="qm-form__card">
          <View className="qm-form__row">
            <Text className="qm-form__label">起局时间</Text>
            <Segmented
              name="when"
              options={[
                ['now', '现在'],
                ['chosen', '指定时间']
              ]}
              value={when}
              onChange={setWhen}
            />
          </View>
          {when === 'chosen' && (
            <>
              <View className="qm-form__row">
                <Text className="qm-form__label">日期</Text>
                <Picker
                  className="qm-form__picker qm-form__date"
                  mode="date"
                  value={day}
                  start={`${thisYear - 150}-01-01`}
                  end={`${thisYear + 150}-12-31`}
                  onChange={(e) => change(`${e.detail.value} ${time}`)}
                >
                  <View className="qm-form__value">{day}</View>
                </Picker>
              </View>
              <View className="qm-form__row">
                <Text className="qm-form__label">时间</Text>
                <Picker
                  className="qm-form__picker qm-form__time"
                  mode="time"
                  value={time}
                  onChange={(e) => change(`${day} ${e.detail.value}`)}
                >
                  <View className="qm-form__value">{time}</View>
                </Picker>
              </View>
            </>
          )}
          <View className="qm-form__row">
            <Text className="qm-form__label">起局方法</Text>
            <Segmented
              name="method"
              options={[
                ['chaibu', METHOD_NAMES.chaibu],
                ['zhirun', METHOD_NAMES.zhirun]
              ]}
              value={method}
              onChange={setMethod}
            />
          </View>
          <View className="qm-form__note">{METHOD_NOTES[method]}。时间按北京时间，时家奇门转盘，中五寄坤。</View>
        </View>
        {error && (
          <View className="qm-form__error" role="alert">
            {error}
          </View>
        )}
        <Button className="qm-form__submit" onClick={submit}>
          起局排盘
        </Button>
      </View>
    </Page>
  )
}
