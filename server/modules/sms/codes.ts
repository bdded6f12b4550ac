import crypto from 'node:crypto'

import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Db, Executor } from '../../db/database'
import { smsCodes } from '../../db/schema'

export const SMS_SCENES = ['login', 'bind'] as const
export type SmsScene = (typeof SMS_SCENES)[number]

const CODE_TTL_MS = 5 * 60_000
export const RESEND_SECONDS = 60
const MAX_ATTEMPTS = 5

export interface SmsLimits {
  perMobileDaily: number
  perIpHourly: number
  /** All codes of the whole service in an hour: rotating addresses and numbers cannot run up the SMS bill. */
  hourly: number
}

/** From how many codes of the address (this hour) or of the number (today) a human check comes first. */
export interface SmsCheck {
  after: number
  /** The request passed one (a verified ticket), or needs none (a WeChat client). */
  passed: boolean
}

export const MSG_SMS_BUSY = '验证码发送量已达上限，请稍后再试'

function hashCode(mobileHash: string, scene: string, code: string): string {
  return crypto.createHash('sha256').update(`${mobileHash}:${scene}:${code}`).digest('hex')
}

/**
 * Creates a code after checking the limits: one per number per minute, a daily cap per number, an
 * hourly cap per IP and one for the whole service. Advisory locks on the IP and on the number (always
 * taken in that order, so two requests never wait on each other crosswise) make each check and the
 * insert atomic; the service-wide count is checked after both, under a lock of its own. Past `check.after` codes
 * of the address or the number, a request that has not passed a human check gets `captcha` and no code.
 * The number is known here only by its keyed hash (mobileLookup): codes are kept without it.
 */
export async function createSmsCode(
  db: Db,
  mobileHash: string,
  scene: SmsScene,
  ip: string,
  limits: SmsLimits,
  check: SmsCheck
): Promise<{ id: number; code: string } | { captcha: true }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms-ip:' + ip}))`)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + mobileHash}))`)
    const now = Date.now()
    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.mobileHash, mobileHash))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1)
    if (last && now - last.createdAt.getTime() < RESEND_SECONDS * 1000) {
      const wait = Math.ceil((RESEND_SECONDS * 1000 - (now - last.createdAt.getTime())) / 1000)
      throw new AppError(`验证码发送过于频繁，请 ${wait} 秒后再试`)
    }
    const [perMobile] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobileHash, mobileHash), gt(smsCodes.createdAt, new Date(now - 86_400_000))))
    if (perMobile.n >= limits.perMobileDaily) throw new AppError('该手机号今日获取验证码次数已达上限')
    const [perIp] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, new Date(now - 3_600_000))))
    if (perIp.n >= limits.perIpHourly) throw new AppError('获取验证码过于频繁，请稍后再试')
    if (!check.passed && (perIp.n >= check.after || perMobile.n >= check.after)) return { captcha: true }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms-all'))`)
    const [all] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(gt(smsCodes.createdAt, new Date(now - 3_600_000)))
    if (all.n >= limits.hourly) throw new AppError(MSG_SMS_BUSY)
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
    const [row] = await tx
      .insert(smsCodes)
      .values({
        mobileHash,
        scene,
        ip,
        codeHash: hashCode(mobileHash, scene, code),
        expiresAt: new Date(now + CODE_TTL_MS),
        createdAt: new Date(now)
      })
      .returning({ id: smsCodes.id })
    return { id: row.id, code }
  })
}

/** Takes back a code the provider refused to send, so it counts against no limit. */
export async function withdrawSmsCode(db: Executor, id: number): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.id, id))
}

/**
 * Consumes the latest live code for the number and scene. Wrong guesses count against the code and
 * kill it after a few tries, so six digits cannot be brute-forced within its five minutes.
 */
export async function consumeSmsCode(db: Executor, mobileHash: string, scene: SmsScene, code: string): Promise<void> {
  const [live] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobileHash, mobileHash),
        eq(smsCodes.scene, scene),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, new Date())
      )
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
  if (!live || live.attempts >= MAX_ATTEMPTS) throw new AppError('验证码已失效，请重新获取')
  // Every comparison first takes one of the code's attempts in a single statement: guesses sent in
  // parallel cannot all read the same count and be compared beyond the limit.
  const [taken] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, live.id), isNull(smsCodes.usedAt), lt(smsCodes.attempts, MAX_ATTEMPTS)))
    .returning({ id: smsCodes.id })
  if (!taken) throw new AppError('验证码已失效，请重新获取')
  const given = Buffer.from(hashCode(mobileHash, scene, code))
  if (!crypto.timingSafeEqual(given, Buffer.from(live.codeHash))) throw new AppError('验证码不正确')
  const used = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, live.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id })
  if (used.length === 0) throw new AppError('验证码已失效，请重新获取')
}
