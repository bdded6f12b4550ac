import fs from 'node:fs'
import path from 'node:path'

import { and, eq, isNull } from 'drizzle-orm'

import type { Config } from '../../config'
import { AppError } from '../../core/envelope'
import type { Db, Executor } from '../../db/database'
import { articles, contentMediaChecks, users, wechatAccounts } from '../../db/schema'
import type { ContentScene, WechatProvider } from './provider'

export const contentRefused = (what: string) => `${what}含有违规信息，请修改后再提交`

const BUILT_IN_WORDS = path.join(__dirname, '../../data/sensitive-words.txt')

/** Case, width, spaces and punctuation between characters do not hide a word. */
const normalize = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]/gu, '')

const parseWords = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map(normalize)
    .filter(Boolean)

/** The built-in list plus the operator's file, re-read when it changes (no restart needed). */
class WordList {
  private readonly builtIn = parseWords(fs.readFileSync(BUILT_IN_WORDS, 'utf8'))
  private extra: { mtimeMs: number; words: string[] } = { mtimeMs: -1, words: [] }

  constructor(private readonly extraFile: string) {}

  private extraWords(): string[] {
    if (!this.extraFile) return []
    let mtimeMs: number
    try {
      mtimeMs = fs.statSync(this.extraFile).mtimeMs
    } catch {
      return []
    }
    if (mtimeMs !== this.extra.mtimeMs)
      this.extra = { mtimeMs, words: parseWords(fs.readFileSync(this.extraFile, 'utf8')) }
    return this.extra.words
  }

  matches(text: string): boolean {
    const t = normalize(text)
    return this.builtIn.some((w) => t.includes(w)) || this.extraWords().some((w) => t.includes(w))
  }
}

export type ImageTarget = { kind: 'avatar' } | { kind: 'article'; id: number }
export interface PendingImage {
  url: string
  traceId: string
}

/** What the owner reads when WeChat's verdict takes an image down. */
const TAKEN_DOWN: Record<ImageTarget['kind'], string> = {
  avatar: '您的头像未通过内容安全检查，已恢复为默认头像',
  article: '文章中的图片未通过内容安全检查，文章已下架'
}

/**
 * Checks what users write before it is stored. The local word list always applies; with the
 * mini-program configured and the user known to it (a mini-program openid), WeChat's msgSecCheck
 * decides too, and images go to mediaCheckAsync when its verdict can be pushed back to us. WeChat
 * out of reach refuses the write with "try again later": content is never let through unchecked.
 */
export class ContentGuard {
  private readonly words: WordList

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly wechat: WechatProvider
  ) {
    this.words = new WordList(config.contentWordsFile)
  }

  /** The user's openid in the mini-program, which WeChat's checks require; undefined when it cannot check. */
  private async mpOpenid(userId: number): Promise<string | undefined> {
    if (!this.wechat.contentSecurity) return undefined
    const [row] = await this.db
      .select({ openid: wechatAccounts.openid })
      .from(wechatAccounts)
      .where(and(eq(wechatAccounts.userId, userId), eq(wechatAccounts.appId, this.config.wechat.mpAppId)))
      .limit(1)
    return row?.openid
  }

  /** Refuses (code 0, `what` named) text with a listed word or that WeChat calls risky. */
  async checkText(
    userId: number,
    scene: ContentScene,
    what: string,
    parts: { content: string; title?: string; nickname?: string }
  ): Promise<void> {
    const all = [parts.title, parts.nickname, parts.content].filter(Boolean).join('\n')
    if (this.words.matches(all)) throw new AppError(contentRefused(what))
    const openid = await this.mpOpenid(userId)
    if (!openid || !this.wechat.contentSecurity) return
    // WeChat's "review" is left to our own review (articles wait for an operator anyway).
    if ((await this.wechat.contentSecurity.checkText({ openid, scene, ...parts })) === 'risky')
      throw new AppError(contentRefused(what))
  }

  /** Sends images to WeChat's asynchronous check before the content is stored; [] when WeChat cannot check them. */
  async submitImages(userId: number, scene: ContentScene, urls: string[]): Promise<PendingImage[]> {
    if (!urls.length || !this.config.wechat.mpPushToken) return []
    const openid = await this.mpOpenid(userId)
    const api = this.wechat.contentSecurity
    if (!openid || !api) return []
    const publicUrl = (url: string) => (url.startsWith('/') ? this.config.publicUrl + url : url)
    return Promise.all(
      urls.map(async (url) => ({ url, traceId: await api.checkImage({ openid, scene, url: publicUrl(url) }) }))
    )
  }

  /** Records the submitted images with what they belong to, in the transaction that stores it. */
  async recordImages(tx: Executor, userId: number, pending: PendingImage[], target: ImageTarget): Promise<void> {
    if (!pending.length) return
    await tx
      .insert(contentMediaChecks)
      .values(
        pending.map((p) => ({
          traceId: p.traceId,
          userId,
          url: p.url,
          target: target.kind,
          targetId: target.kind === 'article' ? target.id : null
        }))
      )
      .onConflictDoNothing()
  }

  /**
   * WeChat's verdict on one image. A risky image is taken down once (the avatar back to the
   * default, the article off the list with the reason its author reads). False: unknown trace
   * (the push came before the content was stored), so WeChat is asked to push again.
   */
  async verdict(traceId: string, suggest: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [check] = await tx
        .select()
        .from(contentMediaChecks)
        .where(eq(contentMediaChecks.traceId, traceId))
        .for('update')
      if (!check) return false
      if (check.status !== 'pending') return true
      const risky = suggest === 'risky'
      const kind = check.target as ImageTarget['kind']
      await tx
        .update(contentMediaChecks)
        .set({ status: risky ? 'risky' : 'pass', notice: risky ? TAKEN_DOWN[kind] : '', decidedAt: new Date() })
        .where(eq(contentMediaChecks.id, check.id))
      if (!risky) return true
      if (kind === 'avatar') {
        await tx
          .update(users)
          .set({ avatar: '', updatedAt: new Date() })
          .where(and(eq(users.id, check.userId), eq(users.avatar, check.url)))
      } else if (check.targetId) {
        await tx
          .update(articles)
          .set({ status: 'rejected', rejectReason: TAKEN_DOWN.article, updatedAt: new Date() })
          .where(eq(articles.id, check.targetId))
      }
      return true
    })
  }

  /** Take-down notices the owner has not read yet, oldest first; reading them marks them read. */
  async takeNotices(userId: number): Promise<string[]> {
    const rows = await this.db
      .update(contentMediaChecks)
      .set({ noticeSeenAt: new Date() })
      .where(
        and(
          eq(contentMediaChecks.userId, userId),
          eq(contentMediaChecks.status, 'risky'),
          isNull(contentMediaChecks.noticeSeenAt)
        )
      )
      .returning({ id: contentMediaChecks.id, notice: contentMediaChecks.notice })
    return rows.sort((a, b) => a.id - b.id).map((r) => r.notice)
  }
}
