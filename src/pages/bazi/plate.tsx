import { useMemo } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Page from '../../components/Page'
import { ErrorView } from '../../components/States'
import { navigateTo, redirectTo } from '../../navigation'
import { baziChart, type BaziChart } from '../../metaphysics/bazi'
import { formToQuery, PLATE_ROUTE, queryString, queryToForm, toBaziInput, type BirthForm } from './chartQuery'
import { errorMessage } from './birthFields'
import PillarTable from './parts/PillarTable'
import WuXingPanel from './parts/WuXingPanel'
import LuckPanel from './parts/LuckPanel'
import RelationList from './parts/RelationList'
import { longitudeText } from './parts/CityPicker'
import { ganColor, zhiColor } from './parts/wuXingColor'
import SaveRecord from './components/SaveRecord'
import { withChart } from './components/birth'
import './plate.scss'
import { chinaClock } from '../../core/china-time'
import { HEHUN, ZIWEI } from '../../routes'
import SharePoster from '../../components/share/SharePoster'
import { chartPoster } from './components/posters'

const INPUT_ROUTE = '/pages/bazi/bazi'

const computeChart = (form: BirthForm): { chart?: BaziChart; error?: string } => {
  try {
    return { chart: baziChart(toBaziInput(form)) }
  } catch (e) {
    return { error: errorMessage(e) }
  }
}

/** The chart's header: who, when (clock, lunar, the corrected time the pillars use) and where. */
function BirthHeader({ form, chart }: { form: BirthForm; chart: BaziChart }) {
  const { birth } = chart
  const place = form.city ? `${form.city} ${longitudeText(form.longitude ?? 0)}` : '未选出生地'
  return (
    <View className='plate__head'>
      <View className='plate__who'>
        <Text className='plate__name'>{form.name || '命主'}</Text>
        <Text className='plate__tag'>{chart.gender === 'male' ? '男 · 乾造' : '女 · 坤造'}</Text>
        <Text className='plate__tag'>属{birth.shengXiao}</Text>
        <Text className='plate__edit' onClick={() => navigateTo(`${INPUT_ROUTE}?${queryString(formToQuery(form))}`)}>
          修改
        </Text>
      </View>
      <View className='plate__line'>公历 {birth.clock}　农历 {birth.lunar}</View>
      <View className='plate__line'>
        {birth.trueSolarTime ? `真太阳时 ${birth.local}` : `北京时间 ${birth.beijing}`}
        {birth.correction.dstMinutes ? '（已扣夏令时）' : ''}　{place}
      </View>
    </View>
  )
}

function Palaces({ chart }: { chart: BaziChart }) {
  const items = [['胎元', chart.taiYuan], ['胎息', chart.taiXi], ['命宫', chart.mingGong], ['身宫', chart.shenGong]] as const
  return (
    <View className='plate__palaces'>
      {items.map(([label, p]) => (
        <View key={label} className='plate__palace'>
          <Text className='plate__palace-label'>{label}</Text>
          <Text className='plate__palace-gz'>
            <Text style={{ color: ganColor(p.ganZhi[0]) }}>{p.ganZhi[0]}</Text>
            <Text style={{ color: zhiColor(p.ganZhi[1]) }}>{p.ganZhi[1]}</Text>
          </Text>
          <Text className='plate__palace-label'>{p.naYin}</Text>
        </View>
      ))}
    </View>
  )
}

/** pages/bazi/plate: the full chart of the birth in the query, computed in the app. */
export default function PlatePage() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  const form = useMemo(() => queryToForm(params), [JSON.stringify(params)])
  const { chart, error } = useMemo(() => computeChart(form), [form])
  const pillars = chart ? (['year', 'month', 'day', 'hour'] as const).map((k) => chart.pillars[k].ganZhi).join(' ') : ''
  const share = { title: `${form.name || '命主'}的八字命盘：${pillars}`, desc: '专业四柱、大运流年、五行旺衰' }
  const poster = useMemo(() => chart && chartPoster(form.name, chart), [chart, form])

  if (!chart) {
    return (
      <Page share={share}>
        <ErrorView message={`无法排盘：${error}`} />
        <View className='plate__retry' onClick={() => redirectTo(INPUT_ROUTE)}>
          重新输入出生信息
        </View>
      </Page>
    )
  }
  return (
    <Page share={share}>
      <View className='plate'>
        <BirthHeader form={form} chart={chart} />
        <View className='plate__actions'>
          {!params.record_id && <SaveRecord form={form} />}
          <View className='plate__action' onClick={() => navigateTo(withChart('/pages/bazi/components/index/aiAnalysis/index', params))}>
            命理解读
          </View>
          <View className='plate__action' onClick={() => navigateTo(withChart('/pages/book/list', params))}>
            古籍参考
          </View>
          <View className='plate__action plate__ziwei' onClick={() => navigateTo(withChart(`/${ZIWEI}`, params))}>
            紫微斗数
          </View>
          {form.calendar === 'solar' && (
            <View className='plate__action plate__hehun' onClick={() => navigateTo(`/${HEHUN}?${queryString({ a: form.date, ag: form.gender, ...(form.name ? { an: form.name } : {}) })}`)}>
              合婚
            </View>
          )}
          {params.record_id && (
            <View className='plate__action' onClick={() => navigateTo(`/calculation/pages/index?record_id=${params.record_id}`)}>
              详批报告
            </View>
          )}
          <SharePoster id='plate-poster' className='plate__action plate__poster' fileName={`${form.name || '命主'}的八字命盘`} target={{ route: PLATE_ROUTE.slice(1), options: formToQuery(form) }} doc={poster}>
            分享海报
          </SharePoster>
        </View>
        <View className='plate__section'>
          <PillarTable chart={chart} />
        </View>
        <View className='plate__section'>
          <Palaces chart={chart} />
        </View>
        <View className='plate__section'>
          <View className='plate__title'>原局刑冲合会</View>
          <RelationList relations={chart.relations} empty='原局无刑冲合会' />
        </View>
        <View className='plate__section'>
          <View className='plate__title'>五行旺衰 · 用神</View>
          <WuXingPanel chart={chart} />
        </View>
        <View className='plate__section'>
          <LuckPanel chart={chart} currentYear={chinaClock().year} />
        </View>
      </View>
    </Page>
  )
}
