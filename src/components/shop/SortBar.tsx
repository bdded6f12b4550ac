import './SortBar.scss'

import type { ProductSort } from '@contract/shop'
import { Text, View } from '@tarojs/components'

/** Sort by sales, by price (tap again to turn the order round) or newest first. */
export default function SortBar({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  const byPrice = value === 'price_asc' || value === 'price_desc'
  const item = (label: string, sort: ProductSort, on: boolean, extra = '') => (
    <Text
      className={`sort-bar__item${on ? ' sort-bar__item--on' : ''}`}
      data-sort={sort}
      onClick={() => onChange(sort)}
    >
      {label}
      {extra}
    </Text>
  )
  return (
    <View className="sort-bar">
      {item('销量', 'sales', value === 'sales')}
      {item(
        '价格',
        value === 'price_asc' ? 'price_desc' : 'price_asc',
        byPrice,
        value === 'price_asc' ? ' ↑' : value === 'price_desc' ? ' ↓' : ' ↕'
      )}
      {item('新品', 'newest', value === 'newest')}
    </View>
  )
}
