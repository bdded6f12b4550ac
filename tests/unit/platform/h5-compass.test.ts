/**
 * @jest-environment jsdom
 */
// The browser compass: iOS asks for permission first; a refusal says so; readings become
// headings clockwise from north; a device that sends none is reported as having no compass.
import { watchCompass } from '../../../src/platform/compass'

type Orientation = typeof DeviceOrientationEvent & { requestPermission?: () => Promise<string> }

function installOrientation(requestPermission?: () => Promise<string>) {
  class FakeOrientationEvent extends Event {}
  const ctor = FakeOrientationEvent as unknown as Orientation
  if (requestPermission) ctor.requestPermission = requestPermission
  ;(window as unknown as { DeviceOrientationEvent: Orientation }).DeviceOrientationEvent = ctor
  ;(globalThis as unknown as { DeviceOrientationEvent: Orientation }).DeviceOrientationEvent = ctor
}

function orient(fields: Record<string, unknown>) {
  window.dispatchEvent(Object.assign(new Event('deviceorientation'), fields))
}

afterEach(() => {
  jest.useRealTimers()
  delete (globalThis as { DeviceOrientationEvent?: unknown }).DeviceOrientationEvent
  delete (window as { DeviceOrientationEvent?: unknown }).DeviceOrientationEvent
})

test('iOS: a refused permission is reported as denied and nothing is listened to', async () => {
  const ask = jest.fn(() => Promise.resolve('denied'))
  installOrientation(ask)
  const headings: number[] = []
  const watch = await watchCompass((h) => headings.push(h))
  expect(ask).toHaveBeenCalledTimes(1)
  expect(watch.status).toBe('denied')
  orient({ webkitCompassHeading: 90 })
  expect(headings).toEqual([])
})

test('iOS: once allowed, the compass heading is reported until stopped', async () => {
  installOrientation(() => Promise.resolve('granted'))
  const headings: number[] = []
  const watching = watchCompass((h) => headings.push(h))
  await Promise.resolve()
  await Promise.resolve()
  orient({ webkitCompassHeading: 135.5 })
  const watch = await watching
  expect(watch.status).toBe('ok')
  orient({ webkitCompassHeading: 370 })
  expect(headings).toEqual([135.5, 10])
  watch.stop()
  orient({ webkitCompassHeading: 200 })
  expect(headings).toHaveLength(2)
})

test('an absolute alpha counts counter-clockwise: alpha 90 is a heading of 270', async () => {
  installOrientation()
  const headings: number[] = []
  const watching = watchCompass((h) => headings.push(h))
  orient({ alpha: 90, absolute: true })
  expect((await watching).status).toBe('ok')
  expect(headings).toEqual([270])
})

test('a device without a compass (no usable reading in 1.5 s) is reported as unsupported', async () => {
  jest.useFakeTimers()
  installOrientation()
  const watching = watchCompass(() => undefined)
  orient({ alpha: 90, absolute: false })
  jest.advanceTimersByTime(1500)
  expect((await watching).status).toBe('unsupported')
})
