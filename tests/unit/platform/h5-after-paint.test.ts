/**
 * @jest-environment jsdom
 */
import { afterFirstPaint } from '../../../src/platform/after-paint'

type Entries = { getEntriesByName: (name: string) => unknown[] }
let report: ((list: Entries) => void) | undefined
let disconnected = 0

/** The browser's paint timing, reported when the test says the page has painted. */
class FakeObserver {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint']
  constructor(callback: (list: Entries) => void) {
    report = callback
  }
  observe() {}
  disconnect() {
    disconnected++
  }
}
const painted = (name: string) => report?.({ getEntriesByName: (n) => (n === name ? [{ name }] : []) })
const settled = async (p: Promise<void>) => {
  let done = false
  void p.then(() => (done = true))
  await Promise.resolve()
  await Promise.resolve()
  return done
}

beforeEach(() => {
  report = undefined
  disconnected = 0
  jest.useFakeTimers()
  Object.assign(globalThis, { PerformanceObserver: FakeObserver })
})
afterEach(() => jest.useRealTimers())

describe('afterFirstPaint (H5): what need not go first waits for the first screen', () => {
  it('waits for the first contentful paint, not for an earlier blank paint', async () => {
    const wait = afterFirstPaint()
    expect(await settled(wait)).toBe(false)
    painted('first-paint')
    expect(await settled(wait)).toBe(false)
    painted('first-contentful-paint')
    expect(await settled(wait)).toBe(true)
    expect(disconnected).toBe(1)
  })

  it('goes ahead after 3 s when no paint comes (a tab opened in the background)', async () => {
    const wait = afterFirstPaint()
    jest.advanceTimersByTime(2999)
    expect(await settled(wait)).toBe(false)
    jest.advanceTimersByTime(1)
    expect(await settled(wait)).toBe(true)
  })

  it('goes ahead at once in a browser without paint timing', async () => {
    Object.assign(globalThis, {
      PerformanceObserver: class extends FakeObserver {
        static supportedEntryTypes = []
      }
    })
    expect(await settled(afterFirstPaint())).toBe(true)
  })
})
