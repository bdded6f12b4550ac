import './offline.scss'

import { Text, View } from '@tarojs/components'

import { getMyOfflineClasses } from '@/api/teacher'
import Page from '@/components/Page'
import { teacherUrl } from '@/components/service/links'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import { formatDate } from '@/core/format'
import { useListPage } from '@/hooks/useListPage'
import { navigateTo } from '@/navigation'

/** 线下关注: the offline classes I signed up for, with time, place and the teacher. */
export default function MyOfflinePage() {
  const classes = useListPage((page) => getMyOfflineClasses({ page, per_page: 15 }), [])
  return (
    <Page>
      <View className="my-offline">
        {!classes.ready ? (
          <Loading />
        ) : classes.error && !classes.items.length ? (
          <ErrorView message={classes.error} onRetry={classes.refresh} />
        ) : !classes.items.length ? (
          <View>
            <Empty text="还没有报名线下课程" />
            <Text className="my-offline__go" onClick={() => navigateTo('/live/pages/offline/offline')}>
              去看看线下课 ›
            </Text>
          </View>
        ) : (
          classes.items.map((k) => (
            <View
              key={k.signup_id}
              className="my-offline__card"
              data-class={k.class_id}
              onClick={() => navigateTo(`/pages/course/detailService?class_id=${k.class_id}`)}
            >
              <View className="my-offline__head">
                <Text className="my-offline__title">
                  {k.course_title} · {k.title}
                </Text>
                <Text className={`my-offline__state${k.finished ? ' my-offline__state--done' : ''}`}>
                  {k.finished ? '已结课' : '待上课'}
                </Text>
              </View>
              <Text className="my-offline__line">
                时间 {formatDate(k.starts_at, 'yyyy-mm-dd hh:MM')} — {formatDate(k.ends_at, 'mm-dd hh:MM')}
              </Text>
              <Text className="my-offline__line">
                地点 {k.city} · {k.address}
              </Text>
              <Text
                className={`my-offline__line${k.teacher_id ? ' my-offline__teacher' : ''}`}
                onClick={(e) => {
                  if (!k.teacher_id) return
                  e.stopPropagation()
                  navigateTo(teacherUrl(k.teacher_id))
                }}
              >
                讲师 {k.teacher}
                {k.teacher_id ? ' ›' : ''}
              </Text>
            </View>
          ))
        )}
        {classes.ready && !!classes.items.length && (
          <ListFooter loading={classes.loading} finished={classes.finished} empty={false} />
        )}
      </View>
    </Page>
  )
}
