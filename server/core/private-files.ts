import fs from 'node:fs'
import path from 'node:path'

/**
 * The data folder holds the database, the data key, uploads and private images (ID photos): only the
 * server's own user may read it. New files are made private by the process's umask; what an earlier
 * start (or a copy) left readable or writable by others is closed here, once at start. Answers how many
 * entries were changed.
 */
export function keepDataPrivate(dataDir: string): number {
  process.umask(0o077)
  if (!fs.existsSync(dataDir)) return 0
  let changed = 0
  const walk = (p: string) => {
    const stat = fs.lstatSync(p)
    // A link may point anywhere on the machine: it is not ours to change.
    if (stat.isSymbolicLink()) return
    const mode = stat.mode & 0o777
    if (mode & 0o077) {
      fs.chmodSync(p, mode & 0o700)
      changed++
    }
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) walk(path.join(p, entry))
  }
  walk(dataDir)
  return changed
}
