import './index.scss'

import { isHiddenLink } from '@contract/features'
import { DEFAULT_TITLE, findRoute, HOME } from '@contract/routes'
import Taro from '@tarojs/taro'
import { PropsWithChildren, useEffect } from 'react'

import LoginSheet from '@/components/LoginSheet/Host'
import NavBar from '@/components/NavBar'
import TabBar from '@/components/TabBar'
import { routeTitle, t } from '@/core/i18n'
import type { ShareContent } from '@/core/share'
import { useHiddenFeatures } from '@/hooks/useHiddenFeatures'
import { useLocale } from '@/hooks/useLocale'
import { Box } from '@/platform/plain'
import PrivacySheet from '@/platform/PrivacySheet'
import { useShare } from '@/platform/share'

import FeatureUnavailable from './FeatureUnavailable'

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
  // A page of a feature this client hides (opened from a share, a deep link or an old link) says so instead;
  // a share of it shares the home.
  const gated = isHiddenLink(path, useHiddenFeatures())
  useLocale()
  const route = findRoute(path)
  const heading = gated ? t('states.featureOff') : title || (route && routeTitle(route)) || t('common.appName')
  // The window / document title follows the screen (a goods name, an article title ...) and the app's language.
  useEffect(() => {
    Taro.setNavigationBarTitle({ title: heading }).catch(() => undefined)
  }, [heading])
  useShare(
    gated
      ? { title: DEFAULT_TITLE, target: { route: HOME, options: {} } }
      : { title: share?.title || heading, desc: share?.desc, imageUrl: share?.imageUrl, target: share?.target }
  )
  return (
    <Box className={`page${tab !== undefined ? ' page--tabbed' : ''} ${className || ''}`}>
      <NavBar title={heading} isTab={tab !== undefined} />
      <Box className="page__body">{gated ? <FeatureUnavailable /> : children}</Box>
      {tab !== undefined && <TabBar active={tab} />}
      <LoginSheet />
      <PrivacySheet />
    </Box>
  )
}
