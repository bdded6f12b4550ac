import path from 'node:path'

import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

import type { Config } from '../../config'
import { assetUrl } from '../../core/asset-url'
import { linkHolds, linkSignature, loadLinkSecret } from '../../core/signed-link'

/**
 * Course videos we host ourselves live in `server/media/` and are never served publicly: a stored
 * `media:course/name.mp4` key plays only through a signed link that expires. An absolute http(s)
 * address (an operator's CDN) is handed out unchanged, so it must be protected by the CDN's own signing.
 */
export const MEDIA_DIR = path.join(__dirname, '..', '..', 'media')
/** How long a signed link plays: long enough for a lesson watched with pauses. */
export const LINK_TTL_SEC = 6 * 3600
// Folder and file names of plain characters, each starting with a letter or digit: no way out of MEDIA_DIR.
const MEDIA_KEY = /^media:((?:[A-Za-z0-9][\w-]*\/)*[A-Za-z0-9][\w.-]*\.(?:mp4|m4v|webm|mp3|m4a))$/
// At most 15 digits, so the number read back is exactly the one signed.
const UINT = /^(0|[1-9]\d{0,14})$/

/** What a link grants: one lesson (or session) to one user (0: a visitor watching a preview) until `exp`. */
export interface MediaGrant {
  kind: 'lesson' | 'live'
  id: number
  uid: number
  /** Unix seconds. */
  exp: number
}

/** The file under MEDIA_DIR a stored video address names, when it is one of ours. */
export function mediaFile(stored: string): string | undefined {
  const rel = MEDIA_KEY.exec(stored)?.[1]
  if (!rel) return undefined
  const full = path.resolve(MEDIA_DIR, rel)
  return full.startsWith(MEDIA_DIR + path.sep) ? rel : undefined
}

/** MEDIA_SECRET, else a random secret made once and kept in the data folder, so links survive restarts. */
export const loadMediaSecret: (config: Config) => string = loadLinkSecret

const subjectOf = (g: MediaGrant) => `${g.kind}:${g.id}:${g.uid}`

/** Where a signed link of one kind points and how it names its id. */
export interface MediaRoute {
  kind: MediaGrant['kind']
  /** Under /api. */
  path: string
  idName: string
}

export const LESSON_VIDEO: MediaRoute = { kind: 'lesson', path: '/course.lesson/video', idName: 'lesson_id' }
export const LIVE_VIDEO: MediaRoute = { kind: 'live', path: '/course.live/video', idName: 'session_id' }

/** What a signed link's owner may play now: the media file, 'gone' (404) or 'refused' (403). */
export type MediaLookup = { file: string } | 'gone' | 'refused'

/**
 * The file route of signed links of one kind. A file, not an envelope: the player asks for it (and
 * for ranges of it) with the link alone; `lookup` checks again that the grant still holds.
 */
export function serveSignedMedia(
  app: FastifyInstance,
  secret: string,
  route: MediaRoute,
  lookup: (grant: MediaGrant) => Promise<MediaLookup>
): void {
  app.get(route.path, async (req, reply) => {
    const grant = verifiedGrant(secret, route, req.query)
    if (!grant) return refuseLink(reply)
    const found = await lookup(grant)
    if (found === 'refused') return refuseLink(reply)
    if (found === 'gone') return reply.code(404).type('text/plain; charset=utf-8').send('视频不存在')
    // A link made while media were on disk still plays once they moved to the bucket, until it expires.
    const presigned = await app.services.storage.mediaUrl(
      found.file,
      Math.max(1, grant.exp - Math.floor(Date.now() / 1000))
    )
    if (presigned) return reply.header('cache-control', 'no-store').redirect(presigned, 302)
    return sendMedia(reply, found.file)
  })
}

/**
 * The address the player gets for a stored video: ours signed for this user (by the bucket when media
 * live in one, else by this server), anything else as it was.
 */
export async function playUrl(
  app: FastifyInstance,
  secret: string,
  route: MediaRoute,
  stored: string,
  id: number,
  uid: number
): Promise<string> {
  const { config } = app
  const file = mediaFile(stored)
  if (!file) return assetUrl(config.publicUrl, stored)
  const presigned = await app.services.storage.mediaUrl(file, LINK_TTL_SEC)
  if (presigned) return presigned
  const exp = Math.floor(Date.now() / 1000) + LINK_TTL_SEC
  const sig = linkSignature(secret, subjectOf({ kind: route.kind, id, uid, exp }), exp)
  return `${config.publicUrl}/api${route.path}?${route.idName}=${id}&uid=${uid}&exp=${exp}&sig=${sig}`
}

/** The grant a link's query carries when its signature holds and it has not expired. */
export function verifiedGrant(
  secret: string,
  route: MediaRoute,
  query: unknown,
  now = Date.now()
): MediaGrant | undefined {
  const q = (query ?? {}) as Record<string, unknown>
  const [id, uid, exp, sig] = [q[route.idName], q.uid, q.exp, q.sig]
  if (typeof id !== 'string' || typeof uid !== 'string' || typeof exp !== 'string' || typeof sig !== 'string')
    return undefined
  if (!UINT.test(id) || !UINT.test(uid) || !UINT.test(exp)) return undefined
  const grant: MediaGrant = { kind: route.kind, id: Number(id), uid: Number(uid), exp: Number(exp) }
  return linkHolds(secret, subjectOf(grant), grant.exp, sig, now) ? grant : undefined
}

/** Registers `reply.sendFile` for MEDIA_DIR in this scope; the folder gets no public route. */
export async function registerMediaFiles(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, { root: MEDIA_DIR, serve: false, index: false, cacheControl: false })
}

export function refuseLink(reply: FastifyReply): FastifyReply {
  return reply.code(403).type('text/plain; charset=utf-8').send('链接无效或已过期，请重新打开课时')
}

/** Streams one media file; Range requests get 206 so players can seek. */
export function sendMedia(reply: FastifyReply, rel: string): FastifyReply {
  return reply.header('cache-control', 'private, max-age=3600').sendFile(rel)
}
