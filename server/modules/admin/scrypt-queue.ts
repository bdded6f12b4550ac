import { AppError } from '../../core/envelope'

/**
 * scrypt runs on libuv's thread pool (4 threads by default), which file reads, compression and DNS share: at most 2
 * password checks run at once, so half the pool is always left to every other request, and at most 8 wait. A
 * check that finds the queue full is refused at once, without hashing: a flood of logins costs the server no more
 * than 2 threads, and never slows what the app's users are doing.
 */
export const SCRYPT_AT_ONCE = 2
export const SCRYPT_WAITING = 8
export const MSG_LOGIN_BUSY = '登录请求过多，请稍后再试'

let running = 0
const waiting: (() => void)[] = []

/** Runs `work` (a scrypt) when a slot is free; refuses with `busy` when the queue is full. */
export async function inScryptQueue<T>(work: () => Promise<T>, busy = MSG_LOGIN_BUSY): Promise<T> {
  if (running < SCRYPT_AT_ONCE) running++
  else if (waiting.length < SCRYPT_WAITING) await new Promise<void>((resolve) => waiting.push(resolve))
  else throw new AppError(busy)
  try {
    return await work()
  } finally {
    // The slot passes to the next one waiting, or is freed.
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}
