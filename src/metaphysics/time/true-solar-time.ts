import { type DateTimeParts, dayOfYear, daysInSolarMonth } from './datetime'

/**
 * Equation of time in minutes (apparent minus mean solar time), by Spencer's Fourier series
 * (J. W. Spencer, "Fourier series representation of the position of the sun", Search 2(5), 1971),
 * in the form the NOAA Global Monitoring Laboratory publishes ("General Solar Position
 * Calculations"). Accurate to about half a minute, the size of the uncertainty of a birth time.
 */
export const equationOfTimeMinutes = (at: DateTimeParts): number => {
  const daysInYear = daysInSolarMonth(at.year, 2) === 29 ? 366 : 365
  const g = ((2 * Math.PI) / daysInYear) * (dayOfYear(at) - 1 + (at.hour + at.minute / 60 - 12) / 24)
  return (
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g))
  )
}

/** Local mean time minus zone time: 4 minutes per degree east of the zone's meridian (120°E for Beijing time). */
export const longitudeMinutes = (longitude: number, utcOffsetHours: number): number =>
  (longitude - utcOffsetHours * 15) * 4
