import { View } from '@tarojs/components'

import { getActivities } from '@/api/activity'
import ActivityCard from '@/components/activity/ActivityCard'
import { activityDetailUrl } from '@/components/activity/format'
import Page from '@/components/Page'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import { useListPage } from '@/hooks/useListPage'
import { navigateTo } from '@/navigation'

/** pages/activity/activity: coming activities first, then past ones; pull down to refresh, paged. */
export default function ActivityListPage() {
  const list = useListPage((page) => getActivities({ page }), [], { refreshOnShow: true })

  return (
    <Page share={{ title: '易学活动', desc: '茶话会、实地考察、公益讲座，一起来参加' }}>
      {!list.ready ? (
        <Loading />
      ) : list.error && !list.items.length ? (
        <ErrorView message={list.error} onRetry={list.refresh} />
      ) : !list.items.length ? (
        <Empty text="近期没有活动" />
      ) : (
        <View className="activity-list">
          {list.items.map((a) => (
            <ActivityCard
              key={a.activity_id}
              activity={a}
              onClick={() => navigateTo(activityDetailUrl(a.activity_id))}
            />
          ))}
        </View>
      )}
      <ListFooter loading={list.loading && list.ready} finished={list.finished} empty={!list.items.length} />
    </Page>
  )
}
