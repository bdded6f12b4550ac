import './list.scss'

import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'

import { getBaziBookInfo } from '@/api/tools'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'
import { chartSourceOf } from '@/pages/bazi/components/birth'
import Pillars from '@/pages/bazi/components/Pillars'
import { useChartShare } from '@/pages/bazi/components/useChartShare'

/** A passage's paragraphs ('\n' between them), one block each. */
function Paragraphs({ className, text }: { className: string; text: string }) {
  return (
    <View className={className}>
      {text.split('\n').map((para, i) => (
        <Text key={i} className="book__para">
          {para}
        </Text>
      ))}
    </View>
  )
}

/**
 * pages/book/list: the passages of public-domain classics that apply to a chart (`record_id=` or a birth query):
 * the book's own wording first, then its season's general passage and a 白话 summary where there is one.
 */
export default function BookList() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  const source = chartSourceOf(params)
  const book = useRemote(
    () =>
      source
        ? getBaziBookInfo({ record_id: source.record_id, birth: source.birth })
        : Promise.reject(new Error('缺少命盘信息，请先排盘')),
    [JSON.stringify(source)]
  )
  const { data, error, reload } = book
  const shareTarget = useChartShare('pages/book/list', params)
  return (
    <Page share={{ title: '古籍参考', desc: '《穷通宝鉴》《滴天髓》论此命', target: shareTarget }}>
      {!data ? (
        error ? (
          <ErrorView message={error} onRetry={source ? reload : undefined} />
        ) : (
          <Loading />
        )
      ) : (
        <View className="book">
          <View className="book__head">
            <Pillars pillars={data.pillars} labelled />
            <Text className="book__summary">
              日主{data.day_master}，生于{data.month_branch}月
            </Text>
          </View>
          {data.list.map((p) => (
            <View key={p.book} className="book__passage">
              <View className="book__title-row">
                <Text className="book__book">《{p.book}》</Text>
                <Text className="book__chapter">
                  {p.chapter} · {p.title}
                </Text>
              </View>
              <Text className="book__reason">{p.reason}</Text>
              {p.yong_shen && (
                <View className="book__yong">
                  <Text className="book__yong-label">调候用神</Text>
                  {p.yong_shen.map((g) => (
                    <Text key={g} className="book__yong-gan">
                      {g}
                    </Text>
                  ))}
                </View>
              )}
              <Paragraphs className={`book__text${p.source === 'text' ? ' book__text--classic' : ''}`} text={p.text} />
              {p.season && (
                <View className="book__season">
                  <Text className="book__label">{p.season.title}（总论）</Text>
                  <Paragraphs className="book__text book__text--classic" text={p.season.text} />
                </View>
              )}
              {p.source === 'text' && p.summary && (
                <View className="book__plain">
                  <Text className="book__label">白话</Text>
                  <Paragraphs className="book__text book__text--plain" text={p.summary} />
                </View>
              )}
              <Text className="book__edition">
                {p.source === 'summary' ? '白话摘要 · ' : '原文 · '}
                {p.edition}
              </Text>
            </View>
          ))}
        </View>
      )}
    </Page>
  )
}
