import './DayAlmanac.scss'

import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'

import type { AlmanacDay, AlmanacHour } from '@/metaphysics/almanac'
import { luckColor } from '@/pages/tools/lib/colors'

/** Every field of one day's 黄历, as printed almanacs group them. */
export default function DayAlmanac({ day }: { day: AlmanacDay }) {
  const { lunar, ganZhi, positions } = day
  const festivals = [...day.festivals.lunar, ...day.festivals.solar, ...day.festivals.other]
  return (
    <View className="day-alm">
      <View className="tool-card day-alm__head">
        <Text className="day-alm__lunar">
          农历{lunar.monthName}
          {lunar.dayName}
        </Text>
        <Text className="day-alm__solar">
          {day.date} {day.weekday}
        </Text>
        <Text className="day-alm__ganzhi">
          {ganZhi.year}年（{day.shengXiao}年） {ganZhi.month}月 {ganZhi.day}日
        </Text>
        {ganZhi.yearByLiChun !== ganZhi.year && <Text className="tool-muted">按立春换年：{ganZhi.yearByLiChun}年</Text>}
        {day.jieQi && (
          <Text className="day-alm__term">
            {day.jieQi.name} · 交节 {day.jieQi.time.slice(11, 16)}
          </Text>
        )}
        {festivals.length > 0 && <Text className="day-alm__festivals">{festivals.join(' · ')}</Text>}
        {day.holiday && (
          <Text className="day-alm__holiday">
            {day.holiday.work ? `${day.holiday.name}调休 · 上班` : `${day.holiday.name}假期 · 休息`}
          </Text>
        )}
      </View>

      <View className="tool-card day-alm__yiji">
        <YiJi kind="yi" items={day.yi} />
        <YiJi kind="ji" items={day.ji} />
      </View>

      <View className="tool-card">
        <Row k="冲煞">
          {day.chong.text} 煞{day.sha}
        </Row>
        <Row k="彭祖百忌">{day.pengZu.join('　')}</Row>
        <Row k="吉神方位">
          喜神{positions.xi.direction} 福神{positions.fu.direction} 财神{positions.cai.direction} 阳贵神
          {positions.yangGui.direction} 阴贵神{positions.yinGui.direction}
        </Row>
        <Row k="胎神">{day.taiShen}</Row>
        <Row k="值神">
          <Text style={{ color: luckColor(day.tianShen.type) }}>
            {day.tianShen.name}（{day.tianShen.type}·{day.tianShen.luck}）
          </Text>
        </Row>
        <Row k="建除">{day.jianChu}日</Row>
        <Row k="二十八宿">
          <Text style={{ color: luckColor(day.xiu.luck) }}>
            {day.xiu.fullName}（{day.xiu.luck}） {day.xiu.gong}方{day.xiu.shou}
          </Text>
        </Row>
        <Row k="九星">
          {day.nineStar.name}（{day.nineStar.luck}）
        </Row>
        <Row k="节气">
          {day.currentJieQi.name}（{day.currentJieQi.time.slice(0, 16)}） 下一节气 {day.nextJieQi.name}（
          {day.nextJieQi.time.slice(0, 16)}）
        </Row>
        <Row k="物候">
          {day.hou} {day.wuHou}
        </Row>
      </View>

      <View className="tool-card">
        <Text className="tool-card__title">时辰吉凶</Text>
        <View className="day-alm__hours">
          {day.hours.map((h) => (
            <Hour key={h.zhi} hour={h} />
          ))}
        </View>
      </View>

      <View className="tool-card">
        <Text className="tool-card__title">{day.xiu.name}宿歌诀</Text>
        <Text className="day-alm__song">{day.xiu.song}</Text>
      </View>
    </View>
  )
}

function Row({ k, children }: { k: string; children: ReactNode }) {
  return (
    <View className="tool-row">
      <Text className="tool-row__key">{k}</Text>
      <View className="tool-row__value">{children}</View>
    </View>
  )
}

function YiJi({ kind, items }: { kind: 'yi' | 'ji'; items: string[] }) {
  return (
    <View className={`day-alm__list day-alm__list--${kind}`}>
      <Text className="day-alm__mark">{kind === 'yi' ? '宜' : '忌'}</Text>
      <Text className="day-alm__items">{items.join(' ')}</Text>
    </View>
  )
}

function Hour({ hour }: { hour: AlmanacHour }) {
  return (
    <View className="day-alm__hour">
      <View className="day-alm__hour-head">
        <Text className="day-alm__hour-name">
          {hour.zhi}时 {hour.ganZhi}
        </Text>
        <Text className="day-alm__hour-luck" style={{ color: luckColor(hour.luck) }}>
          {hour.luck}
        </Text>
      </View>
      <Text className="tool-muted">
        {hour.range} {hour.tianShen}（{hour.type}）
      </Text>
      <Text className="tool-muted">
        冲{hour.chong} 煞{hour.sha}
      </Text>
      <Text className="day-alm__hour-yi">宜 {hour.yi.join(' ')}</Text>
      <Text className="day-alm__hour-ji">忌 {hour.ji.join(' ')}</Text>
    </View>
  )
}
