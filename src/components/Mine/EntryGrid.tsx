import './EntryGrid.scss'

import { Text, View } from '@tarojs/components'

import { routeTitle, t } from '@/core/i18n'
import { useHiddenFeatures } from '@/hooks/useHiddenFeatures'
import { useLocale } from '@/hooks/useLocale'
import { navigateTo } from '@/navigation'
import { COLORS } from '@/theme'

import { entryGroups } from './entries'

const TINTS = [COLORS.primary, COLORS.wood, COLORS.water, COLORS.fire, COLORS.earth]

/** The one-letter icon of a title: its first letter after the locale's "my" (我的钱包 → 钱, My wallet → W). */
function iconOf(title: string): string {
  const prefix = t('mine.iconPrefix')
    .split('|')
    .find((p) => p && title.startsWith(p))
  return title.slice(prefix?.length ?? 0, (prefix?.length ?? 0) + 1).toUpperCase()
}

/** Every "my" page that exists, in groups of four per row. */
export default function EntryGrid() {
  const hidden = useHiddenFeatures()
  useLocale()
  return (
    <>
      {entryGroups(hidden).map((group) => (
        <View key={group.title} className="entry-grid">
          <Text className="entry-grid__title">{t(group.title)}</Text>
          <View className="entry-grid__cells">
            {group.routes.map((route, i) => {
              const title = routeTitle(route)
              return (
                <View
                  key={route.path}
                  className="entry-grid__cell mine__entry"
                  onClick={() => navigateTo('/' + route.path)}
                >
                  <Text className="entry-grid__icon" style={{ backgroundColor: TINTS[i % TINTS.length] }}>
                    {iconOf(title)}
                  </Text>
                  <Text className="entry-grid__label">{title}</Text>
                </View>
              )
            })}
          </View>
        </View>
      ))}
    </>
  )
}
