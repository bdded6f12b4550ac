import './RelationList.scss'

import { Text, View } from '@tarojs/components'

import type { Relation } from '@/metaphysics/bazi'

/** Clashes, punishments, harms and breaks read as tension; combinations and gatherings as union. */
const isTension = (type: string): boolean => /[冲刑害破]/.test(type)

/** 刑冲合会 as tagged lines, e.g. [六冲] 年支午、流年支子. */
export default function RelationList({ relations, empty }: { relations: Relation[]; empty: string }) {
  if (!relations.length) return <View className="relations relations--empty">{empty}</View>
  return (
    <View className="relations">
      {relations.map((r) => (
        <View key={r.text} className="relations__item">
          <Text className={`relations__tag ${isTension(r.type) ? 'relations__tag--tension' : ''}`}>
            {r.type.replace(/^(天干|地支)/, '')}
            {r.result ? r.result : ''}
          </Text>
          <Text className="relations__text">{r.text.split(' ')[0]}</Text>
        </View>
      ))}
    </View>
  )
}
