import { headingFromOrientation, normalizeDegrees } from '../../../src/core/compass'

// W3C DeviceOrientation Event spec: alpha is the rotation about z, counter-clockwise, 0 when the device
// top points north for absolute readings, so the compass heading (clockwise) is 360 - alpha.
// Apple's WebKit: webkitCompassHeading is already degrees clockwise from north.
describe('headingFromOrientation', () => {
  it.each([
    [{ alpha: 0, absolute: true }, 0],
    [{ alpha: 90, absolute: true }, 270],
    [{ alpha: 270, absolute: true }, 90],
    [{ alpha: 359.5, absolute: true }, 0.5]
  ])('absolute %p -> %p', (reading, heading) => {
    expect(headingFromOrientation(reading)).toBeCloseTo(heading, 6)
  })

  it('prefers webkitCompassHeading (iOS)', () => {
    expect(headingFromOrientation({ alpha: 10, absolute: false, webkitCompassHeading: 123 })).toBe(123)
  })

  it('has no heading for relative or empty readings', () => {
    expect(headingFromOrientation({ alpha: 10, absolute: false })).toBeUndefined()
    expect(headingFromOrientation({ alpha: null, absolute: true })).toBeUndefined()
  })

  it('normalizes into [0, 360)', () => {
    expect([normalizeDegrees(360), normalizeDegrees(-90), normalizeDegrees(725)]).toEqual([0, 270, 5])
  })
})
