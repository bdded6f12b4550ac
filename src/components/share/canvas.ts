import Taro from '@tarojs/taro'

import type { PosterContext } from './poster'

export interface CanvasNode {
  width: number
  height: number
  getContext(kind: '2d'): PosterContext & { scale(x: number, y: number): void }
}

/** The 2D canvas node of `<Canvas type='2d' id={id}>` on the current page (both targets). */
export function canvasNode(id: string): Promise<CanvasNode | undefined> {
  return new Promise((resolve) => {
    Taro.createSelectorQuery()
      .select(`#${id}`)
      .fields({ node: true, size: true })
      .exec((res) => resolve(res?.[0]?.node as CanvasNode | undefined))
  })
}

/** Sizes the canvas to `width` × `height` px at `ratio` device pixels a px and returns its scaled context. */
export function sizedContext(canvas: CanvasNode, width: number, height: number, ratio: number) {
  canvas.width = Math.round(width * ratio)
  canvas.height = Math.round(height * ratio)
  const ctx = canvas.getContext('2d')
  ctx.scale(ratio, ratio)
  return ctx
}
