import { useEffect } from 'react'

import HomeView from '@/components/Home/HomeView'
import { useHome } from '@/components/Home/useHome'
import { CertificatePanel, CoursePanel, MinePanel, ServicePanel, ShopPanel } from '@/platform/tab-panels'

import { onTabEvent } from './tab-events'

export interface PanelProps {
  tab: number
}

function HomePanel({ tab }: PanelProps) {
  const home = useHome()
  useEffect(() => onTabEvent(tab, 'refresh', home.reload), [tab, home.reload])
  return <HomeView {...home} />
}

/** The content of each tab, by tab index (0..5). */
export const PANELS: ((props: PanelProps) => JSX.Element | null)[] = [
  HomePanel,
  ServicePanel,
  CoursePanel,
  CertificatePanel,
  ShopPanel,
  MinePanel
]
