import '../../tools.scss'
import '../../house/house.scss'

import type { HousePlan } from '@contract'
import { Button, Image, Text, View } from '@tarojs/components'
import { useState } from 'react'

import { deleteHouse, getHouses } from '@/api/house'
import Page from '@/components/Page'
import { Empty, ErrorView, Loading } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'
import { confirmDialog } from '@/platform/ui'
import { nextStepOf, planTypeLabel } from '@/tools/house/flow'

const stepText = (h: HousePlan) =>
  h.period === null
    ? '待填写房屋信息'
    : h.center_x === null
      ? '待放置立极中心'
      : `${h.period}运 · 朝向 ${h.facing_degrees}°`

/** tools/pages/house/house: my saved house analyses — open, delete, or start a new one. */
export default function HouseList() {
  const houses = useRemote(() => getHouses({ page: 1, per_page: 50 }))
  const [error, setError] = useState('')

  const remove = async (h: HousePlan) => {
    if (!(await confirmDialog('删除户型分析', `确定删除“${h.title}”吗？`))) return
    try {
      await deleteHouse(h.id)
      setError('')
      await houses.reload()
    } catch (e) {
      setError(`删除失败：${errorMessage(e)}`)
    }
  }

  return (
    <Page share={{ title: '户型风水分析', desc: '上传户型图，立极定位，看玄空飞星与八宅吉凶' }}>
      <View className="house-actions">
        <Button className="tool-btn" onClick={() => navigateTo('tools/pages/house/upload_type')}>
          新建户型分析
        </Button>
      </View>
      <View className="tool-card">
        <Text className="tool-card__title">我的户型分析</Text>
        {error && <Text className="tool-error">{error}</Text>}
        {houses.loading && !houses.data ? (
          <Loading />
        ) : houses.error ? (
          <ErrorView message={houses.error} onRetry={houses.reload} />
        ) : !houses.data?.list.length ? (
          <Empty text="还没有户型分析，点上方按钮上传户型图开始" />
        ) : (
          houses.data.list.map((h) => (
            <View key={h.id} className="house-list__item">
              <Image
                className="house-list__thumb"
                src={h.image_url}
                mode="aspectFill"
                onClick={() => navigateTo(nextStepOf(h))}
              />
              <View className="house-list__main" onClick={() => navigateTo(nextStepOf(h))}>
                <Text className="house-list__title">{h.title}</Text>
                <Text className="house-list__meta">
                  {planTypeLabel(h.plan_type)} · {stepText(h)}
                </Text>
              </View>
              <Button className="tool-btn tool-btn--ghost house-list__delete" size="mini" onClick={() => remove(h)}>
                删除
              </Button>
            </View>
          ))
        )}
      </View>
    </Page>
  )
}
