import Taro from '@tarojs/taro'

import { navMetrics } from './nav-metrics'

/** Mini-program: scrolls the page to the element with this id, below our navigation bar; same exports as scroll.ts. */
export function scrollToAnchor(id: string): void {
  const { statusBar, bar } = navMetrics()
  Taro.pageScrollTo({ selector: `#${id}`, offsetTop: -(statusBar + bar + 8), duration: 300 }).catch(() => undefined)
}
