import fs from 'node:fs/promises'
import path from 'node:path'

import type { FastifyInstance, FastifyReply } from 'fastify'

import type { Config } from '../../config'
import { assetUrl } from '../../core/asset-url'
import { linkHolds, linkSignature, loadLinkSecret } from '../../core/signed-link'
import { contentTypeOf } from '../../storage'

/**
 * Private images (ID photos, application documents, floor plans) are stored as `private:<key>` and never
 * get a public address: whoever may see one (its owner, an operator) is handed a link that expires after
 * PRIVATE_LINK_MINUTES — pre-signed by the bucket with STORAGE=s3, else signed by this server (the same
 * HMAC scheme as course videos) and streamed by `GET /api/file.private/image`.
 */
export const PRIVATE_REF = 'private:'
export const PRIVATE_IMAGE_PATH = '/file.private/image'
// Keys as uploads name them (`202405/<hex>.png`): plain segments, no dot-led ones, so none leaves the folder.
const KEY = /^(?:[\w-]+\/)*[\w-][\w.-]*\.(?:jpg|jpeg|png|gif|webp)$/
const UINT = /^(0|[1-9]\d{0,14})$/
// Expiries are rounded up to this step, so a screen reloaded within it gets the same link (and the cached image).
const EXP_STEP_SEC = 300

/** The key of a stored private image, or undefined for anything else (an older public url). */
export function privateKeyOf(stored: string): string | undefined {
  if (!stored.startsWith(PRIVATE_REF)) return undefined
  const key = stored.slice(PRIVATE_REF.length)
  return KEY.test(key) ? key : undefined
}

const secrets = new WeakMap<Config, string>()
function secretOf(config: Config): string {
  let secret = secrets.get(config)
  if (!secret) {
    secret = loadLinkSecret(config)
    secrets.set(config, secret)
  }
  return secret
}

/**
 * What a client gets for a stored image address: a private image as a link that expires, anything else
 * (a public upload, a seeded path) as before. Call it only for a reader entitled to the image.
 */
export async function viewableUrl(app: FastifyInstance, stored: string): Promise<string> {
  if (!stored) return ''
  const { config } = app
  const key = privateKeyOf(stored)
  if (!key) return assetUrl(config.publicUrl, stored)
  const presigned = await app.services.storage.privateUrl(key, config.privateLinkTtlSec)
  if (presigned) return presigned
  const exp = Math.ceil((Date.now() / 1000 + config.privateLinkTtlSec) / EXP_STEP_SEC) * EXP_STEP_SEC
  const sig = linkSignature(secretOf(config), PRIVATE_REF + key, exp)
  return `${config.publicUrl}/api${PRIVATE_IMAGE_PATH}?key=${encodeURIComponent(key)}&exp=${exp}&sig=${sig}`
}

/** Turns a stored image address into what its entitled reader gets (`viewableUrl` bound to this server). */
export type ViewImage = (stored: string) => Promise<string>
export const imageViewer =
  (app: FastifyInstance): ViewImage =>
  (stored) =>
    viewableUrl(app, stored)

function refuse(reply: FastifyReply): FastifyReply {
  return reply.code(403).type('text/plain; charset=utf-8').send('图片链接无效或已过期，请刷新页面后重试')
}

/** The file route of signed private-image links: not an envelope, an image an `<img>` loads with the link alone. */
export function servePrivateImages(app: FastifyInstance): void {
  const secret = secretOf(app.config)
  app.get(PRIVATE_IMAGE_PATH, async (req, reply) => {
    const { key, exp, sig } = (req.query ?? {}) as Record<string, unknown>
    if (typeof key !== 'string' || typeof exp !== 'string' || typeof sig !== 'string') return refuse(reply)
    if (!KEY.test(key) || !UINT.test(exp) || !linkHolds(secret, PRIVATE_REF + key, Number(exp), sig))
      return refuse(reply)
    const left = Math.max(1, Number(exp) - Math.floor(Date.now() / 1000))
    // A link made while the images were on disk still opens once they moved to the bucket, until it expires.
    const presigned = await app.services.storage.privateUrl(key, left)
    if (presigned) return reply.header('cache-control', 'no-store').redirect(presigned, 302)
    const file = path.join(app.config.privateDir, key)
    const data = await fs.readFile(file).catch(() => undefined)
    if (!data) return reply.code(404).type('text/plain; charset=utf-8').send('图片不存在')
    return reply
      .type(contentTypeOf(key))
      .header('cache-control', `private, max-age=${Math.min(left, 3600)}`)
      .header('x-content-type-options', 'nosniff')
      .send(data)
  })
}
