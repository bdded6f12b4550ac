import './ranking.scss'

import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'

import { getExamRanking } from '@/api/exam'
import { minutesText } from '@/components/exam/format'
import Page from '@/components/Page'
import { Empty, ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'

const MEDALS = ['#FFB300', '#90A4AE', '#A1887F']

/** Each student's best score on a paper: higher first, faster first on a tie. */
export default function ExamRankingPage() {
  const paperId = Number(Taro.getCurrentInstance().router?.params.paper_id) || 0
  const remote = useRemote(() => getExamRanking({ paper_id: paperId, per_page: 50 }), [paperId])
  const data = remote.data
  if (!data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  return (
    <Page title={`${data.paper.title} · 排行`}>
      <View className="exam-rank">
        <View className="exam-rank__mine">
          {data.mine ? (
            <Text>
              我的排名 第 {data.mine.rank} 名 · 最好成绩 {data.mine.score} 分 · 用时 {minutesText(data.mine.used_sec)}
            </Text>
          ) : (
            <Text>交卷后即可上榜</Text>
          )}
        </View>
        {!data.list.length ? (
          <Empty text="还没有人交卷，快来抢第一" />
        ) : (
          <View className="exam-rank__list">
            {data.list.map((row) => (
              <View key={row.rank} className={`exam-rank__row${row.is_me ? ' exam-rank__row--me' : ''}`}>
                <Text
                  className="exam-rank__no"
                  style={row.rank <= 3 ? { background: MEDALS[row.rank - 1], color: '#FFFFFF' } : undefined}
                >
                  {row.rank}
                </Text>
                {row.avatar ? (
                  <Image className="exam-rank__avatar" src={row.avatar} />
                ) : (
                  <Text className="exam-rank__avatar exam-rank__avatar--text">{row.nickname.slice(0, 1)}</Text>
                )}
                <Text className="exam-rank__name">{row.nickname}</Text>
                <View className="exam-rank__score">
                  <Text className="exam-rank__points">{row.score} 分</Text>
                  <Text className="exam-rank__time">{minutesText(row.used_sec)}</Text>
                </View>
              </View>
            ))}
            {data.total > data.list.length && (
              <Text className="exam-rank__more">
                仅显示前 {data.list.length} 名，共 {data.total} 人上榜
              </Text>
            )}
          </View>
        )}
      </View>
    </Page>
  )
}
