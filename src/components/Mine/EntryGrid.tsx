import './EntryGrid.scss'

import { Text, View } from '@tarojs/components'

import { useHiddenFeatures } from '@/hooks/useHiddenFeatures'
import { navigateTo } from '@/navigation'
import { COLORS } from '@/theme'

import { entryGroups } from './entries'

const TINTS = [COLORS.primary, COLORS.wood, COLORS.water, COLORS.fire, COLORS.earth]

/** Every "my" page that exists, in groups of four per row. */
export default function EntryGrid() {
  const hidden = useHiddenFeatures()
  return (
    <>
      {entryGroups(hidden).map((group) => (
        <View key={group.title} className="entry-grid">
          <Text className="entry-grid__title">{group.title}</Text>
          <View className="entry-grid__cells">
            {group.routes.map((route, i) => (
              <View
                key={route.path}
                className="entry-grid__cell mine__entry"
                onClick={() => navigateTo('/' + route.path)}
              >
                <Text className="entry-grid__icon" style={{ backgroundColor: TINTS[i % TINTS.length] }}>
                  {route.title.replace(/^我的/, '').slice(0, 1)}
                </Text>
                <Text className="entry-grid__label">{route.title}</Text>
              </View>
            ))}
          </View>
        </View>
      ))}
    </>
  )
}
