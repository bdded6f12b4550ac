import type { Database } from '../db/database'
import type { AuthUser } from './sessions'

/** The channel the triggers of migration 0027 (auth_changes) speak on: `u:<user id>` or `t:<token hash>`. */
export const AUTH_CHANNEL = 'auth_changed'
/** Statements of this process that change a user or a token: their notice arrives only after the event loop turns. */
const AUTH_WRITE = /^\s*(update|delete\s+from)\s+"?(users|user_tokens)"?\s/i

interface Entry {
  user: AuthUser
  until: number
}

/**
 * The users of recent logged-in reads, by token hash, kept in this process so that a read costs PostgreSQL
 * nothing (docs/scaling.md). Only reads use it; every write checks its token in the database. An entry goes
 * when PostgreSQL says its user or token changed (any process, any code path: the triggers see every
 * write), at once when this process writes either table, when its token expires, and after `lifetimeMs`
 * in any case. While the notices cannot be heard (connection lost), nothing is served from memory.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>()
  private readonly hashesOf = new Map<number, Set<string>>()
  private listening = false
  /** Counts notices: a user read from the database before a notice must not be kept after it. */
  private version = 0

  constructor(
    private readonly lifetimeMs = 30_000,
    private readonly maxEntries = 20_000
  ) {}

  get(hash: string, now: number): AuthUser | undefined {
    if (!this.listening) return undefined
    const entry = this.entries.get(hash)
    if (!entry) return undefined
    if (entry.until > now) return entry.user
    this.drop(hash)
    return undefined
  }

  /** Where a read of the database starts: hand it to `set`. */
  get mark(): number {
    return this.version
  }

  set(hash: string, user: AuthUser, tokenExpiresAt: number, now: number, mark: number): void {
    if (!this.listening || mark !== this.version) return
    if (this.entries.size >= this.maxEntries) this.drop(this.entries.keys().next().value!)
    this.drop(hash)
    // Shared by every read that hits it: frozen, so no handler can change it for the next one.
    this.entries.set(hash, { user: Object.freeze(user), until: Math.min(now + this.lifetimeMs, tokenExpiresAt) })
    let hashes = this.hashesOf.get(user.id)
    if (!hashes) this.hashesOf.set(user.id, (hashes = new Set()))
    hashes.add(hash)
  }

  /** A notice from the channel, or undefined when notices may have been missed (everything goes). */
  changed(payload: string | undefined): void {
    this.version++
    if (payload?.startsWith('t:')) return this.drop(payload.slice(2))
    if (payload?.startsWith('u:')) {
      for (const hash of this.hashesOf.get(Number(payload.slice(2))) ?? []) this.drop(hash)
      return
    }
    this.entries.clear()
    this.hashesOf.clear()
  }

  /** Serving from memory is safe only while the notices are heard. */
  setListening(listening: boolean): void {
    this.listening = listening
    this.changed(undefined)
  }

  get size(): number {
    return this.entries.size
  }

  private drop(hash: string): void {
    const entry = this.entries.get(hash)
    if (!entry) return
    this.entries.delete(hash)
    const hashes = this.hashesOf.get(entry.user.id)
    hashes?.delete(hash)
    if (hashes?.size === 0) this.hashesOf.delete(entry.user.id)
  }
}

/** A cache fed by the database's notices; `stop` ends the listening. */
export async function listenedSessionCache(
  database: Database
): Promise<{ cache: SessionCache; stop: () => Promise<void> }> {
  const cache = new SessionCache()
  const stop = await database.listen(AUTH_CHANNEL, {
    onMessage: (payload) => cache.changed(payload),
    onListening: (listening) => cache.setListening(listening),
    localWrites: AUTH_WRITE
  })
  return { cache, stop }
}
