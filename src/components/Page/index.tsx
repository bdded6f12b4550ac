import './index.scss'

import { DEFAULT_TITLE, findRoute } from '@contract/routes'
import Taro from '@tarojs/taro'
import { PropsWithChildren, useEffect } from 'react'

import LoginSheet from '@/components/LoginSheet/Host'
import NavBar from '@/components/NavBar'
import TabBar from '@/components/TabBar'
import type { ShareContent } from '@/core/share'
import { Box } from '@/platform/plain'
import PrivacySheet from '@/platform/PrivacySheet'
import { useShare } from '@/platform/share'

interface Props {
  /** Overrides the route table's title (e.g. a goods name). */
  title?: string
  /** Index of the tab to show the tab bar for. */
  tab?: number
  className?: string
  /** What a share of this page shows (defaults to the title). */
  share?: Partial<ShareContent>
}

/** Every screen: our navigation bar with its title, background #F8F8F8, the tab bar on tab pages. */
export default function Page({ title, tab, className, share, children }: PropsWithChildren<Props>) {
  const path = Taro.getCurrentInstance().router?.path || ''
  const heading = title || findRoute(path)?.title || DEFAULT_TITLE
  // The window / document title follows the screen (a goods name, an article title ...).
  useEffect(() => {
    Taro.setNavigationBarTitle({ title: heading }).catch(() => undefined)
  }, [heading])
  useShare({ title: share?.title || heading, desc: share?.desc, imageUrl: share?.imageUrl, target: share?.target })
  return (
    <Box className={`page${tab !== undefined ? ' page--tabbed' : ''} ${className || ''}`}>
      <NavBar title={heading} isTab={tab !== undefined} />
      <Box className="page__body">{children}</Box>
      {tab !== undefined && <TabBar active={tab} />}
      <LoginSheet />
      <PrivacySheet />
    </Box>
  )
}
