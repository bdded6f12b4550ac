/** A key for one checkout attempt (8..64 of [A-Za-z0-9_-]): time and randomness, unique enough per user. */
export function newRequestId(): string {
  return (
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}` +
    `${Math.random().toString(36).slice(2, 12)}`
  )
}
