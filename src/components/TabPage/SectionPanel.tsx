import { useEffect } from 'react'
import { View } from '@tarojs/components'
import { Section } from '../Home/HomeView'
import { useHome } from '../Home/useHome'
import { Empty, ErrorView, Loading } from '../States'
import { onTabEvent } from './tabEvents'
import type { PanelProps } from './panels'

/** Which home section a tab lists (services, courses, certificates, goods). */
const SECTION_OF_TAB: Record<number, string> = { 1: 'service', 2: 'course', 3: 'certificate', 4: 'goods' }

/** A tab that lists its domain's entries as the server recommends them. */
export default function SectionPanel({ tab }: PanelProps) {
  const home = useHome()
  useEffect(() => onTabEvent(tab, 'refresh', home.reload), [tab, home.reload])
  if (!home.data) return home.error ? <ErrorView message={home.error} onRetry={home.reload} /> : <Loading />
  const section = home.data.sections.find((s) => s.key === SECTION_OF_TAB[tab])
  return (
    <View className='section-panel' style={{ paddingTop: '12px' }}>
      {section && section.items.length ? <Section section={section} /> : <Empty />}
    </View>
  )
}
