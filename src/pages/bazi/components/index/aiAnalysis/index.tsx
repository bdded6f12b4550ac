import './index.scss'

import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useMemo } from 'react'

import Page from '@/components/Page'
import SharePoster from '@/components/share/SharePoster'
import { ErrorView, Loading } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { navigateTo } from '@/navigation'
import { formToQuery, queryToForm } from '@/pages/bazi/chart-query'
import { chartSourceOf, withChart } from '@/pages/bazi/components/birth'
import Pillars from '@/pages/bazi/components/Pillars'
import { readingPoster } from '@/pages/bazi/components/posters'
import SaveRecord from '@/pages/bazi/components/SaveRecord'
import { useChartShare } from '@/pages/bazi/components/useChartShare'
import { useLogin } from '@/pages/bazi/components/useLogin'
import { useReading } from '@/pages/bazi/components/useReading'

const ROUTE = 'pages/bazi/components/index/aiAnalysis/index'

/** pages/bazi/components/index/aiAnalysis/index: the reading of a chart (by `record_id=` or the birth in the query). */
function AiAnalysis() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  const source = chartSourceOf(params)
  const loggedIn = useLogin('登录后查看八字解读')
  const { reading, error, retry } = useReading(source && { record_id: source.record_id, birth: source.birth }, loggedIn)
  const streaming = reading?.status === 'streaming'
  const shareTarget = useChartShare(ROUTE, params)
  // the image once the reading is complete (a streaming one is still being written)
  const poster = useMemo(
    () => (reading?.status === 'done' ? readingPoster(source?.name ?? '', reading) : undefined),
    [reading, source?.name]
  )

  const body = () => {
    if (!source) return <ErrorView message="缺少命盘信息，请先排盘" />
    if (!loggedIn) return <LoginRequired message="登录后即可查看解读" />
    if (error) return <ErrorView message={error} onRetry={retry} />
    if (!reading) return <Loading text="正在分析命盘" />
    const sections = reading.sections
    return (
      <View className="reading">
        <View className="reading__head">
          <Text className="reading__name">{source.name || '命盘'}</Text>
          <Pillars pillars={reading.pillars} labelled size="large" />
          {!source.record_id && (
            <View className="reading__save">
              <SaveRecord form={queryToForm(params)} />
            </View>
          )}
          <Text className="reading__source">
            {reading.source === 'ai'
              ? 'AI 依据排盘数据与古籍撰写，仅供参考'
              : '依据命局旺衰、用神、十神与大运流年自动生成，仅供参考'}
          </Text>
        </View>
        {sections.map((s) => (
          <View key={s.key} className={`reading__section reading__section--${s.key}`}>
            <Text className="reading__title">{s.title}</Text>
            {s.paragraphs.map((p, i) => (
              <Text key={i} className="reading__para">
                {p}
              </Text>
            ))}
          </View>
        ))}
        {reading.source === 'ai' && sections.length === 0 && reading.text && (
          <Text className="reading__para reading__raw">{reading.text}</Text>
        )}
        {streaming && <Text className="reading__typing">解读生成中…</Text>}
        {reading.status === 'failed' && <ErrorView message={reading.error || '解读生成失败'} onRetry={retry} />}
        <View className="reading__links">
          <Button className="reading__link" onClick={() => navigateTo(withChart('/pages/book/list', params))}>
            古籍参考
          </Button>
          {poster && (
            <SharePoster
              id="reading-poster"
              className="reading__link reading__poster"
              fileName="八字解读"
              target={shareTarget ?? { route: ROUTE, options: formToQuery(queryToForm(params)) }}
              doc={poster}
            >
              分享长图
            </SharePoster>
          )}
          {source.record_id && (
            <Button
              className="reading__link reading__link--primary"
              onClick={() => navigateTo(`/calculation/pages/index?record_id=${source.record_id}`)}
            >
              详批报告
            </Button>
          )}
        </View>
      </View>
    )
  }
  return (
    <Page share={{ title: '八字解读', desc: '性格、事业、财运、感情、健康与大运流年', target: shareTarget }}>
      {body()}
    </Page>
  )
}

export default observer(AiAnalysis)
