import { limiter } from '@/core/limiter'

describe('limiter', () => {
  it('runs at most max tasks at once, the rest in the order they came, and goes on after a failure', async () => {
    const inTurn = limiter(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const task = (n: number, fail = false) =>
      inTurn(async () => {
        started.push(n)
        running++
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running--
        if (fail) throw new Error(`task ${n} failed`)
        return n
      })
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)])
    expect(most).toBe(2)
    expect(started).toEqual([1, 2, 3, 4, 5])
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      1,
      'task 2 failed',
      3,
      4,
      5
    ])
  })
})
