import './index.scss'

import { TABS } from '@contract/routes'

import { switchTab } from '@/navigation'
import { Box, Label } from '@/platform/plain'
import { COLORS } from '@/theme'

import { tabIcon } from './icons'

/** The six-tab bar (docs/spec.md §2): 50px high, 24px icons, 10px text, orange when selected. */
export default function TabBar({ active }: { active: number }) {
  return (
    <Box className="tab-bar-holder">
      <Box className="tab-bar" role="tablist">
        {TABS.map((route, index) => {
          const selected = index === active
          const color = selected ? COLORS.primary : COLORS.tabText
          return (
            <Box
              key={route.path}
              className={`tab-bar__item${selected ? ' tab-bar__item--active' : ''}`}
              role="tab"
              aria-selected={selected}
              data-tab={index}
              onClick={() => !selected && switchTab(index)}
            >
              <Box className="tab-bar__icon" style={{ backgroundImage: `url("${tabIcon(index, color)}")` }} />
              <Label className="tab-bar__text" style={{ color }}>
                {route.title}
              </Label>
            </Box>
          )
        })}
      </Box>
    </Box>
  )
}
