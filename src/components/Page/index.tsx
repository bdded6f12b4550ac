import { PropsWithChildren } from 'react'
import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { DEFAULT_TITLE, findRoute } from '../../routes'
import NavBar from '../NavBar'
import TabBar from '../TabBar'
import './index.scss'

interface Props {
  /** Overrides the route table's title (e.g. a goods name). */
  title?: string
  /** Index of the tab to show the tab bar for. */
  tab?: number
  className?: string
}

/** Every screen: our navigation bar with its title, background #F8F8F8, the tab bar on tab pages. */
export default function Page({ title, tab, className, children }: PropsWithChildren<Props>) {
  const path = Taro.getCurrentInstance().router?.path || ''
  const heading = title || findRoute(path)?.title || DEFAULT_TITLE
  return (
    <View className={`page ${className || ''}`}>
      <NavBar title={heading} isTab={tab !== undefined} />
      <View className='page__body'>{children}</View>
      {tab !== undefined && <TabBar active={tab} />}
    </View>
  )
}
