import crypto from 'node:crypto'

import type { Config } from '../config'
import { secretInDataDir } from './secret-file'

/**
 * The one way this server signs the links it streams files through (course videos, private images):
 * HMAC-SHA256 over what the link grants and its expiry, with MEDIA_SECRET (or a random secret kept in
 * the data folder, so links survive restarts). A link names its subject in the clear; the signature
 * proves we handed it out, the expiry bounds how long it can be passed around.
 */
const SECRET_FILE = 'media-secret'
const SIG = /^[\w-]{43}$/

export function loadLinkSecret(config: Config): string {
  return config.mediaSecret || secretInDataDir(config.dataDir, SECRET_FILE, '链接签名密钥')
}

/** The base64url signature of `subject` (e.g. `lesson:3:7`, `private:202405/a.png`) until `exp` (Unix seconds). */
export function linkSignature(secret: string, subject: string, exp: number): string {
  return crypto.createHmac('sha256', secret).update(`${subject}:${exp}`).digest('base64url')
}

/** Whether `sig` is ours for `subject` and `exp` and `exp` is still ahead of `now` (milliseconds). */
export function linkHolds(secret: string, subject: string, exp: number, sig: string, now = Date.now()): boolean {
  if (!SIG.test(sig)) return false
  const given = Buffer.from(sig, 'base64url')
  const expected = Buffer.from(linkSignature(secret, subject, exp), 'base64url')
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) && exp * 1000 > now
}
