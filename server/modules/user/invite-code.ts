import crypto from 'node:crypto'

import { HOME } from '../../../contract/routes'
import type { Services } from '../../services'

/**
 * The mini-program code on a user's invitation poster: it opens the home page with
 * `scene=referee_id=<id>`, which the app's launch turns back into the referrer. WeChat is asked once
 * per user and page; the image is kept with the uploads (its name changes when the request does).
 */
export async function inviteMiniProgramCode(
  services: Pick<Services, 'wechat' | 'storage'>,
  userId: number,
  envVersion: string
): Promise<string | undefined> {
  const request = { scene: `referee_id=${userId}`, page: HOME }
  const digest = crypto
    .createHash('sha256')
    .update(JSON.stringify([request, envVersion]))
    .digest('hex')
    .slice(0, 12)
  const key = `wxacode/${userId}-${digest}.png`
  const stored = await services.storage.find(key)
  if (stored) return stored
  const image = await services.wechat.miniProgramCode(request)
  return image ? services.storage.put(key, image) : undefined
}
