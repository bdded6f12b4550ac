import './plusExam.scss'

import { Image, Text, View } from '@tarojs/components'

import { getExamPapers } from '@/api/exam'
import { examUrl, minutesText, rankingUrl } from '@/components/exam/format'
import Page from '@/components/Page'
import { Empty, ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

/** The certification exam: its rules and pass mark (from the server), then the timed paper. */
export default function PlusExamPage() {
  const remote = useRemote(() => getExamPapers({ kind: 'certification' }), [])
  const paper = remote.data?.list[0]
  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  if (!paper)
    return (
      <Page>
        <Empty text="当前没有可参加的认证考试" />
      </Page>
    )
  const rules = [
    `共 ${paper.question_count} 题，从题库中随机抽取`,
    `限时 ${minutesText(paper.duration_sec)}，计时从开始答题起算，时间到自动交卷`,
    `满分 ${paper.full_score} 分，${paper.pass_score} 分及格；多选题须选出全部正确选项才得分`,
    '答案随选随存，中途退出可在限时内回来继续作答'
  ]
  return (
    <Page
      share={{
        title: paper.title,
        desc: `${paper.question_count} 题 · 满分 ${paper.full_score} 分 · ${paper.pass_score} 分及格`
      }}
    >
      <View className="plus-exam">
        {paper.cover && <Image className="plus-exam__cover" src={paper.cover} mode="widthFix" />}
        <View className="plus-exam__card">
          <Text className="plus-exam__title">{paper.title}</Text>
          <Text className="plus-exam__summary">{paper.summary}</Text>
          <View className="plus-exam__facts">
            <View className="plus-exam__fact">
              <Text className="plus-exam__fact-value">{paper.question_count}</Text>
              <Text className="plus-exam__fact-label">题量</Text>
            </View>
            <View className="plus-exam__fact">
              <Text className="plus-exam__fact-value">{Math.round(paper.duration_sec / 60)}</Text>
              <Text className="plus-exam__fact-label">分钟</Text>
            </View>
            <View className="plus-exam__fact">
              <Text className="plus-exam__fact-value">{paper.pass_score}</Text>
              <Text className="plus-exam__fact-label">及格分</Text>
            </View>
            <View className="plus-exam__fact">
              <Text className="plus-exam__fact-value">{paper.best_score ?? '—'}</Text>
              <Text className="plus-exam__fact-label">最好成绩</Text>
            </View>
          </View>
        </View>
        <View className="plus-exam__card">
          <Text className="plus-exam__section">考试须知</Text>
          {rules.map((rule, i) => (
            <Text key={i} className="plus-exam__rule">
              {i + 1}. {rule}
            </Text>
          ))}
        </View>
        <Text className="plus-exam__rank" onClick={() => navigateTo(rankingUrl(paper.paper_id))}>
          查看成绩排行 ›
        </Text>
      </View>
      <View className="plus-exam__bar">
        <View className="exam-btn plus-exam__start" onClick={() => navigateTo(examUrl(paper.paper_id))}>
          {paper.ongoing_attempt_id ? '继续考试' : '开始考试'}
        </View>
      </View>
    </Page>
  )
}
