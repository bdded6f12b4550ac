import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Db } from '../../db/database'
import { wechatTokens } from '../../db/schema'

/** How long one process may take to fetch a new value before another may try. */
const LEASE_SECONDS = 15
/** Kept in this process at most this long: WeChat keeps a replaced token valid for 5 minutes. */
const LOCAL_MS = 60_000
const WAIT_STEP_MS = 200

/**
 * A WeChat credential (access_token, jsapi_ticket) kept in the database and shared by every server
 * process. Fetching a new access_token invalidates the old one, so only the process holding the
 * row's lease fetches; the others wait for its value. A value is renewed `marginSeconds` before it
 * expires, or at once when WeChat calls it invalid (`renew(bad)`).
 */
export class SharedToken {
  private local: { value: string; until: number } | undefined
  private pending: Promise<string> | undefined

  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly fetcher: () => Promise<{ value: string; ttlSeconds: number }>,
    private readonly marginSeconds = 300
  ) {}

  async get(): Promise<string> {
    if (this.local && Date.now() < this.local.until) return this.local.value
    return (this.pending ??= this.fresh(undefined).finally(() => (this.pending = undefined)))
  }

  /** WeChat refused `bad` (40001/42001): a newer value, fetched unless another process already did. */
  async renew(bad: string): Promise<string> {
    this.local = undefined
    return this.fresh(bad)
  }

  private async fresh(bad: string | undefined): Promise<string> {
    const deadline = Date.now() + (LEASE_SECONDS + 5) * 1000
    for (;;) {
      const [row] = await this.db.select().from(wechatTokens).where(eq(wechatTokens.name, this.name)).limit(1)
      const usableUntil = row ? row.expiresAt.getTime() - this.marginSeconds * 1000 : 0
      if (row && row.value && row.value !== bad && usableUntil > Date.now()) return this.keep(row.value, usableUntil)
      if (await this.takeLease(bad)) return this.fetchAndStore()
      if (Date.now() > deadline) throw new AppError('微信服务暂时不可用，请稍后再试')
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS))
    }
  }

  private keep(value: string, usableUntil: number): string {
    this.local = { value, until: Math.min(usableUntil, Date.now() + LOCAL_MS) }
    return value
  }

  /**
   * True when this process may fetch now: nobody holds the lease (or its holder ran out of time) and the
   * stored value is still unusable. Checked in the one statement that takes the lease: a process that
   * read the row just before another stored a fresh value must not fetch again, as a new access_token
   * invalidates the one just stored.
   */
  private async takeLease(bad: string | undefined): Promise<boolean> {
    const lease = sql`now() + make_interval(secs => ${LEASE_SECONDS})`
    const unusable = or(
      eq(wechatTokens.value, ''),
      lt(wechatTokens.expiresAt, sql`now() + make_interval(secs => ${this.marginSeconds})`),
      bad === undefined ? undefined : eq(wechatTokens.value, bad)
    )
    const taken = await this.db
      .insert(wechatTokens)
      .values({ name: this.name, value: '', expiresAt: new Date(0), leaseUntil: lease })
      .onConflictDoUpdate({
        target: wechatTokens.name,
        set: { leaseUntil: lease },
        setWhere: and(or(isNull(wechatTokens.leaseUntil), lt(wechatTokens.leaseUntil, sql`now()`)), unusable)
      })
      .returning({ name: wechatTokens.name })
    return taken.length > 0
  }

  private async fetchAndStore(): Promise<string> {
    try {
      const { value, ttlSeconds } = await this.fetcher()
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000)
      await this.db
        .update(wechatTokens)
        .set({ value, expiresAt, leaseUntil: null, updatedAt: new Date() })
        .where(eq(wechatTokens.name, this.name))
      return this.keep(value, expiresAt.getTime() - this.marginSeconds * 1000)
    } catch (err) {
      await this.db.update(wechatTokens).set({ leaseUntil: null }).where(eq(wechatTokens.name, this.name))
      throw err
    }
  }
}
