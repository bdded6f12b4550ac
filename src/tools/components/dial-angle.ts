/**
 * The rotation to show for a new heading, continuing from the last one so that a turn across
 * north (359° -> 1°) animates 2° forwards instead of 358° back.
 */
export function continuousAngle(previous: number, heading: number): number {
  const delta = ((((heading - previous) % 360) + 540) % 360) - 180
  return previous + delta
}

/** Degrees a horizontal drag turns the plate: a full swipe across a 375px screen is about 190°. */
export const DEGREES_PER_PX = 0.5
