import './category.scss'

import type { ProductCategory } from '@contract/shop'
import { Image, ScrollView, Text, View } from '@tarojs/components'
import { useState } from 'react'

import { getCategories } from '@/api/shop'
import Page from '@/components/Page'
import { Empty, ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

const openCategory = (category: ProductCategory) =>
  navigateTo(`/goods/pages/search/search?category_id=${category.category_id}&name=${encodeURIComponent(category.name)}`)

/** goods/pages/category/category: top categories on the left, their sub-categories on the right. */
export default function Category() {
  const { data, error, reload } = useRemote(() => getCategories(), [])
  const [activeId, setActiveId] = useState(0)
  if (!data) {
    return <Page>{error ? <ErrorView message={error} onRetry={reload} /> : <Loading />}</Page>
  }
  if (!data.list.length)
    return (
      <Page>
        <Empty text="暂无商品分类" />
      </Page>
    )
  const active = data.list.find((cat) => cat.category_id === activeId) ?? data.list[0]
  return (
    <Page>
      <View className="category">
        <ScrollView className="category__side" scrollY>
          {data.list.map((cat) => (
            <View
              key={cat.category_id}
              className={`category__top${cat.category_id === active.category_id ? ' category__top--on' : ''}`}
              onClick={() => setActiveId(cat.category_id)}
            >
              {cat.name}
            </View>
          ))}
        </ScrollView>
        <ScrollView className="category__main" scrollY>
          <View className="category__all" onClick={() => openCategory(active)}>
            <Text>全部{active.name}</Text>
            <Text className="category__arrow">›</Text>
          </View>
          <View className="category__grid">
            {active.children.map((child) => (
              <View key={child.category_id} className="category__child" onClick={() => openCategory(child)}>
                {child.image ? (
                  <Image className="category__icon" src={child.image} mode="aspectFill" />
                ) : (
                  <Text className="category__icon category__icon--text">{child.name.slice(0, 1)}</Text>
                )}
                <Text className="category__name">{child.name}</Text>
              </View>
            ))}
          </View>
        </ScrollView>
      </View>
    </Page>
  )
}
