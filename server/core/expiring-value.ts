/**
 * One value fetched on demand and kept until shortly before it expires (`marginSeconds`); concurrent
 * callers share one fetch, so a burst of requests costs one (WeChat's token quota, the home screen).
 */
export class ExpiringValue<T> {
  private value: T | undefined
  private expiresAt = 0
  private pending: Promise<T> | undefined

  constructor(
    private readonly fetcher: () => Promise<{ value: T; ttlSeconds: number }>,
    private readonly marginSeconds = 300,
    private readonly now: () => number = Date.now
  ) {}

  async get(): Promise<T> {
    if (this.value !== undefined && this.now() < this.expiresAt) return this.value
    this.pending ??= this.fetcher()
      .then(({ value, ttlSeconds }) => {
        this.value = value
        this.expiresAt = this.now() + Math.max(0, ttlSeconds - this.marginSeconds) * 1000
        return value
      })
      .finally(() => {
        this.pending = undefined
      })
    return this.pending
  }

  clear(): void {
    this.value = undefined
    this.expiresAt = 0
  }
}
