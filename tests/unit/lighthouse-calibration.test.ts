import { calibratedSlowdown } from '../../scripts/lib/bench-lighthouse'

// The bench's second Lighthouse pass models the same mid-tier phone on any machine: the slowdown grows with
// the machine's benchmark index, at the points Lighthouse's calibration names (docs/home-vs-empty-taro.md).
describe('the CPU slowdown calibrated to the machine', () => {
  it('is Lighthouse default 4x on the machine the default was made for, more on a faster one', () => {
    expect(calibratedSlowdown(1533)).toBeCloseTo(4, 1)
    expect(calibratedSlowdown(2000)).toBeCloseTo(6, 1)
    expect(calibratedSlowdown(2200)).toBeCloseTo(6.86, 1)
  })

  it('is less on a slower machine, and never below no slowdown at all', () => {
    expect(calibratedSlowdown(1300)).toBeCloseTo(3, 5)
    expect(calibratedSlowdown(1050)).toBeCloseTo(2.5, 5)
    expect(calibratedSlowdown(800)).toBeCloseTo(2, 5)
    expect(calibratedSlowdown(475)).toBeCloseTo(1.5, 5)
    expect(calibratedSlowdown(150)).toBeCloseTo(1, 5)
    expect(calibratedSlowdown(60)).toBe(1)
  })
})
