/**
 * A fee-paying sign-up or booking holds its seat or slot this long after it is made. Past it, the
 * reservation is closed (lazily, when seats are counted or lists read, and by a periodic sweep) and
 * the seat goes to whoever asks next. Measured from the row's created time, so no extra column.
 */
export const PAY_WINDOW_MS = 15 * 60 * 1000
export const SWEEP_INTERVAL_MS = 60 * 1000

/** Rows created at or before this time are past their pay window. */
export const payCutoff = (now = new Date()): Date => new Date(now.getTime() - PAY_WINDOW_MS)

export const isOverdue = (createdAt: Date, now = new Date()): boolean => createdAt.getTime() <= payCutoff(now).getTime()

/** When a reservation made at createdAt stops holding its seat, as the API reports it. */
export const payDeadlineOf = (createdAt: Date): string => new Date(createdAt.getTime() + PAY_WINDOW_MS).toISOString()
