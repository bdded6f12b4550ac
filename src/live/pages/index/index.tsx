import './index.scss'

import type { LivePlayResponse, LiveSession, LiveStatus } from '@contract'
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'

import { getLiveSessions, playLiveSession } from '@/api/course'
import { courseDetailUrl, LIVE_LABEL, timeRange } from '@/components/course/format'
import Page from '@/components/Page'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { useListPage } from '@/hooks/useListPage'
import { navigateTo } from '@/navigation'
import LivePlayer from '@/platform/LivePlayer'

const TABS: { status: LiveStatus; title: string }[] = [
  { status: 'live', title: '正在直播' },
  { status: 'upcoming', title: '即将开播' },
  { status: 'replay', title: '精彩回放' }
]

/** The live schedule (live now, upcoming, replays) with a player for the session chosen. */
export default function LiveIndex() {
  const sessionParam = Number(Taro.getCurrentInstance().router?.params.session_id) || 0
  const [status, setStatus] = useState<LiveStatus>('live')
  const list = useListPage((page) => getLiveSessions({ status, page }), [status])
  const [playing, setPlaying] = useState<LivePlayResponse>()
  const [refusal, setRefusal] = useState<{ session: Pick<LiveSession, 'course_id' | 'title'>; message: string }>()

  const watch = async (sessionId: number, courseId: number, title: string) => {
    setRefusal(undefined)
    try {
      setPlaying(await playLiveSession({ session_id: sessionId }))
    } catch (e) {
      setPlaying(undefined)
      setRefusal({ session: { course_id: courseId, title }, message: errorMessage(e) })
    }
  }

  useEffect(() => {
    if (sessionParam) watch(sessionParam, 0, '')
  }, [sessionParam])

  const pick = (s: LiveSession) => {
    if (s.status === 'upcoming') return navigateTo(courseDetailUrl(s.course_id))
    watch(s.session_id, s.course_id, s.title)
  }

  return (
    <Page share={{ title: '直播课堂', desc: '名师在线讲解，回放随时看' }}>
      {playing && (
        <View className="live__player">
          <View className="live__stage">
            {playing.status !== 'upcoming' && (
              <LivePlayer className="live__video" src={playing.video_url} status={playing.status} />
            )}
          </View>
          <Text className="live__now">
            {LIVE_LABEL[playing.status]} · {playing.title}
          </Text>
        </View>
      )}
      {refusal && (
        <View className="live__refusal">
          <Text className="live__refusal-text">{refusal.message}</Text>
          {refusal.session.course_id > 0 && (
            <Text className="live__refusal-go" onClick={() => navigateTo(courseDetailUrl(refusal.session.course_id))}>
              去看看课程 ›
            </Text>
          )}
        </View>
      )}
      <View className="live__tabs">
        {TABS.map((t) => (
          <Text
            key={t.status}
            className={`live__tab${t.status === status ? ' live__tab--on' : ''}`}
            onClick={() => setStatus(t.status)}
          >
            {t.title}
          </Text>
        ))}
      </View>
      {!list.ready ? (
        <Loading />
      ) : list.error && !list.items.length ? (
        <ErrorView message={list.error} onRetry={list.refresh} />
      ) : !list.items.length ? (
        <Empty
          text={
            status === 'live' ? '现在没有直播，看看即将开播的吧' : status === 'upcoming' ? '暂无直播预告' : '暂无回放'
          }
        />
      ) : (
        <View className="live__list">
          {list.items.map((s) => (
            <View key={s.session_id} className="live__item" onClick={() => pick(s)}>
              <View className="live__cover-box">
                <Image className="live__cover" src={s.cover} mode="aspectFill" lazyLoad />
                <Text className={`live__badge live__badge--${s.status}`}>{LIVE_LABEL[s.status]}</Text>
              </View>
              <View className="live__body">
                <Text className="live__title">{s.title}</Text>
                <Text className="live__course">
                  {s.course_title} · {s.teacher}
                </Text>
                <Text className="live__time">{timeRange(s.starts_at, s.ends_at)}</Text>
                <Text className="live__go">
                  {s.status === 'live'
                    ? '进入直播'
                    : s.status === 'replay'
                      ? s.has_replay
                        ? '观看回放'
                        : '回放制作中'
                      : '预约报名'}
                </Text>
              </View>
            </View>
          ))}
        </View>
      )}
      <ListFooter loading={list.loading && list.ready} finished={list.finished} empty={!list.items.length} />
    </Page>
  )
}
