import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { getReportDetail } from '../../api/tools'
import type { ReportDetailResponse, ReportQuote, ReportSection } from '../../api/contract'
import Page from '../../components/Page'
import { ErrorView, Loading } from '../../components/States'
import { formatDate } from '../../core/format'
import { useRemote } from '../../hooks/useRemote'
import { birthLine } from '../../pages/bazi/components/format'
import Pillars from '../../pages/bazi/components/Pillars'
import { useLogin } from '../../pages/bazi/components/useLogin'
import { birthShareTarget } from '../../pages/bazi/components/useChartShare'
import './calculation.scss'

const PARTS = [
  { key: 'summary', label: '命局总论' },
  { key: 'geju', label: '格局用神' },
  { key: 'sections', label: '六亲与逐项' },
  { key: 'dayun', label: '大运详批' },
  { key: 'liunian', label: '十年流年' }
] as const
type Part = (typeof PARTS)[number]['key']

function Paragraphs({ list }: { list: string[] }) {
  return (
    <>
      {list.map((p, i) => (
        <Text key={i} className='report__para'>
          {p}
        </Text>
      ))}
    </>
  )
}

function Quotes({ list }: { list?: ReportQuote[] }) {
  return (
    <>
      {(list ?? []).map((q, i) => (
        <View key={i} className='report__quote'>
          <Text className='report__quote-text'>{q.text}</Text>
          <Text className='report__quote-src'>
            ——《{q.book}》{q.chapter}
          </Text>
        </View>
      ))}
    </>
  )
}

function Section({ s }: { s: ReportSection }) {
  return (
    <View className='report__section'>
      <Text className='report__h'>{s.title}</Text>
      <Paragraphs list={s.paragraphs} />
      <Quotes list={s.quotes} />
    </View>
  )
}

function ReportBody({ report, part }: { report: ReportDetailResponse; part: Part }) {
  const c = report.content
  // reports bought before the 格局 section existed keep their six reading sections under 逐项
  const geju = c.sections.find((s) => s.key === 'geju')
  if (part === 'summary')
    return (
      <View className='report__section report__summary'>
        <Text className='report__h'>命局总论</Text>
        <Paragraphs list={c.summary} />
      </View>
    )
  if (part === 'geju')
    return geju ? (
      <Section s={geju} />
    ) : (
      <View className='report__section'>
        <Text className='report__para'>此报告购买于格局分析上线之前，格局与用神见「命局总论」。</Text>
      </View>
    )
  if (part === 'sections')
    return (
      <>
        {c.sections
          .filter((s) => s.key !== 'geju')
          .map((s) => (
            <Section key={s.key} s={s} />
          ))}
      </>
    )
  if (part === 'dayun')
    return (
      <View className='report__section report__dayun'>
        <Text className='report__h'>大运详批</Text>
        {c.da_yun.map((d) => (
          <View key={d.gan_zhi} className='report__luck'>
            <Text className='report__h2'>
              {d.gan_zhi}大运{d.verdict ? <Text className='report__verdict'>{d.verdict}</Text> : null}
            </Text>
            <Text className='report__meta'>
              {d.start_year}—{d.end_year}年 · {d.start_age}至{d.end_age}岁
            </Text>
            <Paragraphs list={d.paragraphs} />
          </View>
        ))}
      </View>
    )
  return (
    <View className='report__section report__liunian'>
      <Text className='report__h'>
        {c.from_year}—{c.from_year + c.liu_nian.length - 1}年流年
      </Text>
      {c.liu_nian.map((y) => (
        <View key={y.year} className='report__luck'>
          <Text className='report__h2'>
            {y.year}年 {y.gan_zhi}
            {y.verdict ? <Text className='report__verdict'>{y.verdict}</Text> : null}
          </Text>
          <Text className='report__meta'>虚岁{y.age}岁</Text>
          <Paragraphs list={y.paragraphs} />
          {(y.months ?? []).map((m) => (
            <Text key={m.gan_zhi} className={`report__month report__month--${m.tone}`}>
              {m.month}（{m.gan_zhi}，{m.start}起）：{m.note}
            </Text>
          ))}
        </View>
      ))}
    </View>
  )
}

/** calculation/pages/baogao: a paid report (`id=`), for its owner only. */
function Baogao() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  const id = Number(params.id)
  const loggedIn = useLogin('登录后查看我的报告')
  const report = useRemote(() => (Number.isInteger(id) && id > 0 ? getReportDetail(id) : Promise.reject(new Error('报告不存在'))), [id, loggedIn])
  const [part, setPart] = useState<Part>('summary')
  const { data, error, reload } = report
  return (
    <Page title={data ? `${data.name}的命理报告` : undefined} share={{ title: '八字详批报告', desc: '大运流年逐年详批', target: birthShareTarget(data) }}>
      {!data ? (
        error ? <ErrorView message={loggedIn ? error : '登录后查看我的报告'} onRetry={loggedIn ? reload : undefined} /> : <Loading />
      ) : (
        <View className='report'>
          <View className='calc__card calc__chart'>
            <Text className='calc__name'>{data.name}</Text>
            <Pillars pillars={data.content.pillars} labelled size='large' />
            <Text className='report__meta'>{birthLine(data.birth)}</Text>
            <Text className='report__meta'>购买于 {formatDate(data.paid_at, 'yyyy-mm-dd hh:MM')}</Text>
          </View>
          <View className='report__nav'>
            {PARTS.map((p) => (
              <Text key={p.key} className={`report__nav-item${p.key === part ? ' report__nav-item--on' : ''}`} onClick={() => setPart(p.key)}>
                {p.label}
              </Text>
            ))}
          </View>
          <ReportBody report={data} part={part} />
        </View>
      )}
    </Page>
  )
}

export default observer(Baogao)
