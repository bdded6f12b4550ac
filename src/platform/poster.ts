import type { RuntimeConfig } from '@contract'

import { h5Host } from './env'

/** Browser side of the posters; the mini-program's is poster.weapp.ts with the same exports. */

/** The host a poster's QR link points at: this app's own address. */
export const shareHostOf = (_config: RuntimeConfig | undefined): string => h5Host()

/** Loads an image to draw on the canvas; undefined when it cannot be loaded. */
export function loadImage(_canvas: unknown, src: string): Promise<unknown> {
  return new Promise((resolve) => {
    const img = new Image()
    img.crossOrigin = 'anonymous'
    img.onload = () => resolve(img)
    img.onerror = () => resolve(undefined)
    img.src = src
  })
}

/** The finished poster as an image the page shows (long-press to save in WeChat's browser). */
export async function posterImage(canvas: unknown): Promise<string> {
  return (canvas as HTMLCanvasElement).toDataURL('image/png')
}

/** Saves the poster: a download of the PNG in a browser (`name` without extension). */
export async function savePoster(image: string, name = '易学邀请函'): Promise<'saved'> {
  const a = document.createElement('a')
  a.href = image
  a.download = `${name}.png`
  a.click()
  return 'saved'
}

/** Only the mini-program can hand an image to WeChat's share sheet; in a browser, long-press the image. */
export const CAN_SHARE_IMAGE = false
export async function sharePosterImage(_image: string): Promise<void> {}

/** Only the mini-program has a mini-program code; the browser poster carries the QR of the link. */
export const inviteCodeImage = async (_canvas: unknown): Promise<unknown> => undefined
