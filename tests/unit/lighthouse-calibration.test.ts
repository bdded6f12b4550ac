import { calibratedSlowdown, chanceMet } from '../../scripts/lib/bench-lighthouse'

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

// Beside each verdict the bench prints how often it would hold over resamplings of its runs, so that a
// verdict from a few noisy runs is read as the coin toss it may be.
describe('the chance a verdict holds', () => {
  it('is certain when every run of ours beats every run of the empty app, nil when every run loses', () => {
    expect(chanceMet([60, 70, 80], [100, 120, 140])).toBeCloseTo(1, 10)
    expect(chanceMet([200, 210, 220], [100, 120, 140])).toBeCloseTo(0, 10)
  })

  it('allows the 10% margin', () => {
    expect(chanceMet([105], [100])).toBe(1)
    expect(chanceMet([111], [100])).toBe(0)
    expect(chanceMet([0], [0])).toBe(1)
  })

  it('is between a half and certainty for two apps with the same runs', () => {
    const runs = [10, 40, 90, 150, 300]
    const chance = chanceMet(runs, runs)
    expect(chance).toBeGreaterThan(0.5)
    expect(chance).toBeLessThan(0.9)
  })

  it('matches counting every resampling by hand for two runs each', () => {
    // Ours [10, 30]: a resample's median (the upper of two) is 10 only for (10, 10), a quarter of the time.
    // Empty [20, 25]: its median is 20 a quarter of the time (20 * 1.1 = 22), else 25 (27.5); ours meets
    // either only at 10.
    expect(chanceMet([10, 30], [20, 25])).toBeCloseTo(0.25, 10)
  })
})
