import Taro, { usePullDownRefresh } from '@tarojs/taro'

/**
 * Pull-down refresh for a page whose route has `refresh: true`: reloads, then closes the spinner
 * whether the reload worked or not (a failure shows on the page itself).
 */
export function usePullRefresh(reload: () => Promise<unknown>): void {
  usePullDownRefresh(() => {
    void reload()
      .catch(() => undefined)
      .finally(() => Taro.stopPullDownRefresh())
  })
}
