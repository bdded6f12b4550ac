import { type ComponentType, useEffect, useState } from 'react'

import { ErrorView, Loading } from '@/components/States'
import type { AsyncChunk } from '@/platform/async-chunk'

type PageModule = { default: ComponentType<object> }

/**
 * A mini-program page that uses code fetched from another subpackage (the calculation engine, the
 * shared chunk), run once those chunks have arrived (config/weapp-engine.ts wraps every such page): the
 * page's own code is evaluated only then, so it may use them anywhere. When they are already there
 * (any page after the first), at once.
 */
export function withChunks(chunks: AsyncChunk[], load: () => PageModule): ComponentType<object> {
  let Page: ComponentType<object> | undefined
  const ready = () => chunks.every((chunk) => chunk.loaded())
  function ChunkPage(props: object) {
    const [state, setState] = useState<'ready' | 'loading' | 'failed'>(ready() ? 'ready' : 'loading')
    useEffect(() => {
      if (state !== 'loading') return
      let live = true
      Promise.all(chunks.map((chunk) => chunk.load())).then(
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
  return ChunkPage
}
