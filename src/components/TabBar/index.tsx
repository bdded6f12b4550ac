import './index.scss'

import { TABS } from '@contract/routes'
import { Text, View } from '@tarojs/components'

import { switchTab } from '@/navigation'
import { COLORS } from '@/theme'

import { tabIcon } from './icons'

/** The six-tab bar (docs/spec.md §2): 50px high, 24px icons, 10px text, orange when selected. */
export default function TabBar({ active }: { active: number }) {
  return (
    <View className="tab-bar-holder">
      <View className="tab-bar" role="tablist">
        {TABS.map((route, index) => {
          const selected = index === active
          const color = selected ? COLORS.primary : COLORS.tabText
          return (
            <View
              key={route.path}
              className={`tab-bar__item${selected ? ' tab-bar__item--active' : ''}`}
              role="tab"
              aria-selected={selected}
              data-tab={index}
              onClick={() => !selected && switchTab(index)}
            >
              <View className="tab-bar__icon" style={{ backgroundImage: `url("${tabIcon(index, color)}")` }} />
              <Text className="tab-bar__text" style={{ color }}>
                {route.title}
              </Text>
            </View>
          )
        })}
      </View>
    </View>
  )
}
