import { type ComponentType, useEffect, useState } from 'react'

import { ErrorView, Loading } from '@/components/States'
import { engineLoaded, loadEngine } from '@/platform/engine-async'

type PageModule = { default: ComponentType<object> }

/**
 * A mini-program page that computes, run once the calculation engine has arrived from its subpackage
 * (config/weapp-engine.ts wraps every such page): the page's own code is evaluated only then, so it may
 * use the engine anywhere. When the engine is already there (any page after the first), at once.
 */
export function withEngine(load: () => PageModule): ComponentType<object> {
  let Page: ComponentType<object> | undefined
  function EnginePage(props: object) {
    const [state, setState] = useState<'ready' | 'loading' | 'failed'>(engineLoaded() ? 'ready' : 'loading')
    useEffect(() => {
      if (state !== 'loading') return
      let live = true
      loadEngine().then(
        () => live && setState('ready'),
        () => live && setState('failed')
      )
      return () => {
        live = false
      }
    }, [state])
    if (state === 'failed')
      return <ErrorView message="页面加载失败，请检查网络后重试" onRetry={() => setState('loading')} />
    if (state === 'loading') return <Loading />
    Page ??= load().default
    return <Page {...props} />
  }
  return EnginePage
}
