import Taro from '@tarojs/taro'

/**
 * H5: the router knows the six tab pages (app.config tabBar.custom), so Taro.switchTab already
 * keeps each tab page alive and hidden and closes the sub-pages. Each tab route is its own page.
 */
export const TABS_SHARE_ONE_PAGE = false

export function switchToTab(path: string): Promise<unknown> {
  return Taro.switchTab({ url: '/' + path })
}
