import { useEffect, useState, type ComponentType } from 'react'
import { ErrorView, Loading } from '../States'
import { loadLunar, lunarLoaded } from '../../platform/lunar-async'

/**
 * A mini-program page that computes dates, rendered once the date library has arrived from its
 * subpackage (config/weapp-lunar.ts wraps every such page). When it is already there (any page
 * after the first), the page renders at once.
 */
export function withLunar<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function LunarPage(props: P) {
    const [state, setState] = useState<'ready' | 'loading' | 'failed'>(lunarLoaded() ? 'ready' : 'loading')
    useEffect(() => {
      if (state !== 'loading') return
      let live = true
      loadLunar().then(
        () => live && setState('ready'),
        () => live && setState('failed')
      )
      return () => {
        live = false
      }
    }, [state])
    if (state === 'ready') return <Page {...props} />
    if (state === 'failed') return <ErrorView message='历法数据加载失败，请检查网络后重试' onRetry={() => setState('loading')} />
    return <Loading />
  }
  LunarPage.displayName = `withLunar(${Page.displayName || Page.name || 'Page'})`
  return LunarPage
}
