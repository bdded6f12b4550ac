import './selected.scss'

import { Image, Text, View } from '@tarojs/components'

import { getExamPapers } from '@/api/exam'
import { examUrl, minutesText, rankingUrl } from '@/components/exam/format'
import Page from '@/components/Page'
import { Empty, ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

/** Choose a paper: each shows its size, time limit, pass mark and my best score. */
export default function ExamSelectPage() {
  const remote = useRemote(() => getExamPapers({ kind: 'exam' }), [])
  const papers = remote.data?.list
  return (
    <Page share={{ title: '易学在线测试', desc: '八字、五行、八卦、风水，限时答题测一测' }}>
      <View className="exam-select">
        <View className="exam-select__links">
          <View className="exam-select__link" onClick={() => navigateTo('/pages/question/question')}>
            <Text className="exam-select__link-title">练习答题</Text>
            <Text className="exam-select__link-sub">即答即解 · 不计成绩</Text>
          </View>
          <View
            className="exam-select__link exam-select__link--cert"
            onClick={() => navigateTo('/pages/plusExam/plusExam')}
          >
            <Text className="exam-select__link-title">认证考试</Text>
            <Text className="exam-select__link-sub">达标即获认证资格</Text>
          </View>
        </View>
        {!papers ? (
          remote.error ? (
            <ErrorView message={remote.error} onRetry={remote.reload} />
          ) : (
            <Loading />
          )
        ) : !papers.length ? (
          <Empty text="暂无题库" />
        ) : (
          papers.map((p) => (
            <View key={p.paper_id} className="exam-select__card" data-paper={p.paper_id}>
              {/* A paper made in the console may have no cover. */}
              {p.cover && <Image className="exam-select__cover" src={p.cover} mode="widthFix" />}
              <View className="exam-select__body">
                <Text className="exam-select__title">{p.title}</Text>
                <Text className="exam-select__summary">{p.summary}</Text>
                <Text className="exam-select__meta">
                  {p.question_count} 题 · {minutesText(p.duration_sec)} · 满分 {p.full_score} · {p.pass_score} 分及格
                  {p.best_score !== null ? ` · 最好成绩 ${p.best_score} 分` : ''}
                </Text>
                <View className="exam-select__actions">
                  <Text className="exam-select__rank" onClick={() => navigateTo(rankingUrl(p.paper_id))}>
                    成绩排行
                  </Text>
                  <Text className="exam-select__start" onClick={() => navigateTo(examUrl(p.paper_id))}>
                    {p.ongoing_attempt_id ? '继续考试' : '开始考试'}
                  </Text>
                </View>
              </View>
            </View>
          ))
        )}
      </View>
    </Page>
  )
}
