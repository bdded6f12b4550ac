/** A device orientation reading as browsers report it. */
export interface OrientationReading {
  alpha: number | null
  absolute?: boolean
  /** iOS Safari/WebKit: degrees clockwise from magnetic north. */
  webkitCompassHeading?: number
}

export type CompassStatus = 'ok' | 'unsupported' | 'denied'

/** A running compass; stop() ends it. */
export interface CompassWatch {
  status: CompassStatus
  stop(): void
}

/**
 * The heading in degrees clockwise from north (0 <= h < 360), or undefined when the reading is not
 * a compass reading. iOS gives webkitCompassHeading; elsewhere alpha of an absolute reading turns
 * counter-clockwise, so the heading is 360 - alpha. A relative reading (absolute false) has no north.
 */
export function headingFromOrientation(reading: OrientationReading): number | undefined {
  if (typeof reading.webkitCompassHeading === 'number' && Number.isFinite(reading.webkitCompassHeading)) {
    return normalizeDegrees(reading.webkitCompassHeading)
  }
  if (reading.absolute !== true || reading.alpha === null || !Number.isFinite(reading.alpha)) return undefined
  return normalizeDegrees(360 - reading.alpha)
}

export function normalizeDegrees(degrees: number): number {
  const value = degrees % 360
  return value < 0 ? value + 360 : value === 0 ? 0 : value
}
