import './Conventions.scss'

import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'

import type { BaziChart } from '@/metaphysics/bazi'
import { ZI_HOUR_OPTIONS, ziHourNote } from '@/pages/bazi/birth-fields'
import type { BirthForm } from '@/pages/bazi/chart-query'

import Segmented from './Segmented'

/**
 * 排盘规则: the conventions this plate was drawn with, each a tap away from its alternative, so someone comparing it
 * with another app sees which convention explains a difference. 子时, 真太阳时 and 起运 can be switched; summer time
 * follows the birth place's own rules and the 节 moments the one algorithm the engine has (lunar-javascript's 寿星),
 * so those two are stated, not switched.
 */
export default function Conventions({
  form,
  chart,
  onChange
}: {
  form: BirthForm
  chart: BaziChart
  onChange: (next: BirthForm) => void
}) {
  const dst = chart.birth.correction.dstMinutes
  const hasPlace = form.longitude !== undefined
  return (
    <View className="conventions">
      <Row label="子时换日" note={ziHourNote(chart.ziHour)}>
        <Segmented
          name="convention-zi"
          options={ZI_HOUR_OPTIONS}
          value={chart.ziHour}
          onChange={(ziHour) => onChange({ ...form, ziHour })}
        />
      </Row>
      <Row
        label="真太阳时"
        note={
          hasPlace
            ? chart.birth.trueSolarTime
              ? `按出生地经度校正为 ${chart.birth.local}`
              : `未校正，按北京时间 ${chart.birth.beijing}`
            : '未选出生地，按北京时间；修改出生信息可选出生地'
        }
      >
        {hasPlace && (
          <Segmented
            name="convention-tst"
            options={[
              ['on', '校正'],
              ['off', '不校正']
            ]}
            value={chart.birth.trueSolarTime ? 'on' : 'off'}
            onChange={(v) => onChange({ ...form, trueSolarTime: v === 'on' })}
          />
        )}
      </Row>
      <Row
        label="起运算法"
        note={
          chart.yunMethod === 'day3'
            ? '三天折一岁，按整日整时辰计，不足一个时辰不计'
            : '三天折一岁，精确到分钟（一分钟折两小时）'
        }
      >
        <Segmented
          name="convention-yun"
          options={[
            ['day3', '三天一岁'],
            ['minute', '精确到分']
          ]}
          value={chart.yunMethod}
          onChange={(yunMethod) => onChange({ ...form, yunMethod })}
        />
      </Row>
      <Row
        label="夏令时"
        note={dst ? `出生时当地实行夏令时，已扣除 ${Math.abs(dst)} 分钟` : '出生时当地未实行夏令时'}
      />
      <Row label="节气" note={`寿星天文历算法，北京时间；起运以${chart.qiYun.term.name} ${chart.qiYun.term.time} 计`} />
    </View>
  )
}

function Row({ label, note, children }: { label: string; note: string; children?: ReactNode }) {
  return (
    <View className="conventions__row">
      <View className="conventions__head">
        <Text className="conventions__label">{label}</Text>
        {children}
      </View>
      <Text className="conventions__note">{note}</Text>
    </View>
  )
}
