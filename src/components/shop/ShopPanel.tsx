import './ShopPanel.scss'

import type { ProductSort } from '@contract/shop'
import { ScrollView, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'

import { getCategories, getProducts } from '@/api/shop'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import type { PanelProps } from '@/components/TabPage/panels'
import { onTabEvent } from '@/components/TabPage/tab-events'
import { usePaged } from '@/hooks/usePaged'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

import { GoodsGrid } from './GoodsCard'
import SortBar from './SortBar'

const PER_PAGE = 10

/** The 商城 tab: search entry, category filter, sort and the goods, paged on reach-bottom. */
export default function ShopPanel({ tab }: PanelProps) {
  const [categoryId, setCategoryId] = useState(0)
  const [sort, setSort] = useState<ProductSort>('sales')
  const categories = useRemote(() => getCategories(), [])
  const goods = usePaged(
    (page) => getProducts({ page, per_page: PER_PAGE, sort, category_id: categoryId || undefined }),
    [sort, categoryId]
  )

  useEffect(
    () => onTabEvent(tab, 'refresh', () => Promise.all([goods.refresh(), categories.reload()])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
    [tab, goods.refresh, categories.reload]
  )
  useEffect(() => onTabEvent(tab, 'reachBottom', goods.more), [tab, goods.more])

  const tops = categories.data?.list ?? []
  return (
    <View className="shop">
      <View className="shop__top">
        <View className="shop__search" onClick={() => navigateTo('/goods/pages/search/search')}>
          <Text className="shop__search-icon" />
          <Text className="shop__search-text">搜索商品</Text>
        </View>
        <Text className="shop__link" onClick={() => navigateTo('/goods/pages/category/category')}>
          分类
        </Text>
        <Text className="shop__link" onClick={() => navigateTo('/goods/pages/cart/cart')}>
          购物车
        </Text>
      </View>
      <ScrollView className="shop__cats" scrollX enableFlex>
        {[{ category_id: 0, name: '全部' }, ...tops].map((cat) => (
          <Text
            key={cat.category_id}
            className={`shop__cat${cat.category_id === categoryId ? ' shop__cat--on' : ''}`}
            onClick={() => setCategoryId(cat.category_id)}
          >
            {cat.name}
          </Text>
        ))}
      </ScrollView>
      <SortBar value={sort} onChange={setSort} />
      {!goods.ready ? (
        <Loading />
      ) : goods.error && !goods.items.length ? (
        <ErrorView message={goods.error} onRetry={goods.refresh} />
      ) : goods.items.length === 0 ? (
        <Empty text="该分类暂无商品" />
      ) : (
        <GoodsGrid items={goods.items} />
      )}
      {goods.error && goods.items.length > 0 && <ErrorView message={goods.error} onRetry={goods.more} />}
      <ListFooter loading={goods.loading && goods.ready} finished={goods.finished} empty={!goods.items.length} />
    </View>
  )
}
