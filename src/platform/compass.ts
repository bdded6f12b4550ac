import { type CompassWatch, headingFromOrientation, type OrientationReading } from '@/core/compass'

/** Browser compass (device orientation); the mini-program's is compass.weapp.ts with the same exports. */

/** How long to wait for a first real reading before concluding the device has no compass. */
const FIRST_READING_TIMEOUT = 1500

type PermissionRequest = () => Promise<'granted' | 'denied' | 'default'>

/**
 * Reports the heading (degrees clockwise from north) until stop(). Must be started from a tap:
 * iOS asks the user for permission (DeviceOrientationEvent.requestPermission). Resolves with status
 * 'ok', 'denied', or 'unsupported' when no compass reading arrives.
 */
export async function watchCompass(onHeading: (degrees: number) => void): Promise<CompassWatch> {
  const none = (status: CompassWatch['status']): CompassWatch => ({ status, stop: () => undefined })
  if (typeof window === 'undefined' || typeof DeviceOrientationEvent === 'undefined') return none('unsupported')
  const requestPermission = (DeviceOrientationEvent as unknown as { requestPermission?: PermissionRequest })
    .requestPermission
  if (requestPermission) {
    try {
      if ((await requestPermission()) !== 'granted') return none('denied')
    } catch {
      return none('denied')
    }
  }
  // Chrome on Android gives north-based readings only through deviceorientationabsolute.
  const eventName = 'ondeviceorientationabsolute' in window ? 'deviceorientationabsolute' : 'deviceorientation'
  return new Promise<CompassWatch>((resolve) => {
    let settled = false
    const stop = () => window.removeEventListener(eventName, listener as EventListener)
    const listener = (event: DeviceOrientationEvent & OrientationReading) => {
      const heading = headingFromOrientation({
        alpha: event.alpha,
        absolute: eventName === 'deviceorientationabsolute' ? true : event.absolute,
        webkitCompassHeading: event.webkitCompassHeading
      })
      if (heading === undefined) return
      if (!settled) {
        settled = true
        resolve({ status: 'ok', stop })
      }
      onHeading(heading)
    }
    window.addEventListener(eventName, listener as EventListener)
    setTimeout(() => {
      if (settled) return
      settled = true
      stop()
      resolve(none('unsupported'))
    }, FIRST_READING_TIMEOUT)
  })
}
