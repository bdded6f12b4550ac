import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export function readSecret(file: string, what: string): string {
  const secret = fs.readFileSync(file, 'utf8').trim()
  if (secret.length < 32) throw new Error(`${what}文件无效 (secret file is invalid): ${file}`)
  return secret
}

/**
 * A random 32-byte secret (64 hex digits; at least 32 characters when written by hand) kept in
 * `dir/name` (mode 0600), made on first use. Written aside and linked into place, so two processes
 * starting at once read the same whole file.
 */
export function secretInDataDir(dir: string, name: string, what: string): string {
  const file = path.join(dir, name)
  if (fs.existsSync(file)) return readSecret(file, what)
  fs.mkdirSync(dir, { recursive: true })
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`
  fs.writeFileSync(temp, crypto.randomBytes(32).toString('hex') + '\n', { mode: 0o600 })
  try {
    fs.linkSync(temp, file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  } finally {
    fs.rmSync(temp, { force: true })
  }
  return readSecret(file, what)
}
