import Taro from '@tarojs/taro'

let cached: { statusBar: number; bar: number } | undefined

/** Line our bar up with WeChat's capsule button: same vertical centre, same gap above and below. */
export function navMetrics(): { statusBar: number; bar: number } {
  if (cached) return cached
  const statusBar = Taro.getWindowInfo().statusBarHeight || 20
  const capsule = Taro.getMenuButtonBoundingClientRect()
  const bar = capsule && capsule.height ? (capsule.top - statusBar) * 2 + capsule.height : 44
  cached = { statusBar, bar }
  return cached
}
