import type { RuntimeConfig } from '@contract'
import Taro from '@tarojs/taro'

import { getInviteMpCode } from '@/api/user'

import { requirePrivacy } from './privacy'

/** Mini-program side of the poster; same exports as poster.ts. */

/** The QR code opens the H5 app: the server's public address. */
export const shareHostOf = (config: RuntimeConfig | undefined): string => config?.h5_url ?? ''

interface Canvas2dNode {
  createImage(): { onload: () => void; onerror: () => void; src: string }
}

export function loadImage(canvas: unknown, src: string): Promise<unknown> {
  return new Promise((resolve) => {
    const img = (canvas as Canvas2dNode).createImage()
    img.onload = () => resolve(img)
    img.onerror = () => resolve(undefined)
    img.src = src
  })
}

export async function posterImage(canvas: unknown): Promise<string> {
  const { tempFilePath } = await Taro.canvasToTempFilePath({
    canvas: canvas as Taro.Canvas
  } as Taro.canvasToTempFilePath.Option)
  return tempFilePath
}

/** Saves to the album (the user is asked for the permission the first time). */
export async function savePoster(image: string, _name?: string): Promise<'saved'> {
  await requirePrivacy()
  try {
    await Taro.saveImageToPhotosAlbum({ filePath: image })
  } catch (e) {
    // Refused once, WeChat stops asking: only the settings page can grant the album again.
    if (/auth|deny|denied/i.test(String((e as { errMsg?: string })?.errMsg ?? e))) {
      await Taro.openSetting().catch(() => undefined)
      throw new Error('请允许保存到相册后再试', { cause: e })
    }
    throw e
  }
  return 'saved'
}

/** WeChat's own sheet for an image: send to a friend, save, or post to Moments. */
export const CAN_SHARE_IMAGE = true
export async function sharePosterImage(image: string): Promise<void> {
  await Taro.showShareImageMenu({ path: image })
}

/**
 * The mini-program code carrying my id (scanning it opens this mini-program), when the server has a
 * mini-program configured; undefined means: draw the QR of the H5 link.
 */
export async function inviteCodeImage(canvas: unknown): Promise<unknown> {
  // If WeChat cannot make the code right now, a poster with the QR still invites: no error page.
  const url = await getInviteMpCode().then(
    (r) => r.url,
    () => null
  )
  return url ? loadImage(canvas, url) : undefined
}
