import './follow.scss'

import { Image, Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'

import { getMyFollows, setTeacherFollow } from '@/api/teacher'
import Page from '@/components/Page'
import { teacherUrl } from '@/components/service/links'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import { useListPage } from '@/hooks/useListPage'
import { navigateTo } from '@/navigation'

/** The teachers I follow; tap to open, or unfollow in place. */
export default function MyFollowsPage() {
  const follows = useListPage((page) => getMyFollows({ page, per_page: 15 }), [])
  // Coming back from a teacher's page (where I may have unfollowed) shows the current list.
  useDidShow(() => {
    if (follows.ready) follows.refresh()
  })

  const unfollow = async (teacherId: number) => {
    try {
      await setTeacherFollow({ teacher_id: teacherId }, false)
      await follows.refresh()
    } catch {
      // The request layer has shown why.
    }
  }

  return (
    <Page>
      <View className="my-follow">
        {!follows.ready ? (
          <Loading />
        ) : follows.error && !follows.items.length ? (
          <ErrorView message={follows.error} onRetry={follows.refresh} />
        ) : !follows.items.length ? (
          <Empty text="还没有关注老师" />
        ) : (
          follows.items.map((t) => (
            <View key={t.teacher_id} className="my-follow__row" data-teacher={t.teacher_id}>
              <Image
                className="my-follow__avatar"
                src={t.avatar}
                onClick={() => navigateTo(teacherUrl(t.teacher_id))}
              />
              <View className="my-follow__info" onClick={() => navigateTo(teacherUrl(t.teacher_id))}>
                <Text className="my-follow__name">{t.name}</Text>
                <Text className="my-follow__title">{t.title}</Text>
                <Text className="my-follow__tags">{t.specialties.join(' · ')}</Text>
              </View>
              <Text className="my-follow__btn" onClick={() => unfollow(t.teacher_id)}>
                取消关注
              </Text>
            </View>
          ))
        )}
        {follows.ready && !!follows.items.length && (
          <ListFooter loading={follows.loading} finished={follows.finished} empty={false} />
        )}
      </View>
    </Page>
  )
}
