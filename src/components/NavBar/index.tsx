import './index.scss'

import Taro from '@tarojs/taro'

import { t } from '@/core/i18n'
import { useLocale } from '@/hooks/useLocale'
import { navigateBack, switchTab } from '@/navigation'
import { singlePageMode } from '@/platform/env'
import { navMetrics } from '@/platform/nav-metrics'
import { Box, Label } from '@/platform/plain'

interface Props {
  title: string
  /** Tab pages have nowhere to go back to. */
  isTab?: boolean
}

/** Our navigation bar: black title, a back button when there is a page to go back to, else home. */
export default function NavBar({ title, isTab }: Props) {
  useLocale()
  // 单页模式: WeChat draws its own bar with the title (app.json's singlePage.navigationBarFit), and no other page
  // can be opened from here.
  if (singlePageMode()) return null
  const { statusBar, bar } = navMetrics()
  const canGoBack = Taro.getCurrentPages().length > 1
  const height = statusBar + bar
  return (
    <Box className="nav-bar-holder" style={{ height: `${height}px` }}>
      <Box className="nav-bar" style={{ paddingTop: `${statusBar}px`, height: `${bar}px` }}>
        {!isTab && (
          <Box
            className="nav-bar__left"
            aria-label={canGoBack ? t('common.back') : t('common.home')}
            onClick={() => (canGoBack ? navigateBack() : switchTab(0))}
          >
            <Box className={canGoBack ? 'nav-bar__back' : 'nav-bar__home'} />
          </Box>
        )}
        <Label className="nav-bar__title">{title}</Label>
      </Box>
    </Box>
  )
}
