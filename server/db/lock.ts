import fs from 'node:fs'
import path from 'node:path'

/**
 * An exclusive lock on a data folder. PGlite has none, and two processes writing one folder
 * silently lose writes, so the second server must refuse to start.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number
  ) {
    super(
      `数据目录 ${dir} 已被另一个服务进程 (pid ${pid}) 使用，请先停止它。\n` +
        `The data folder ${dir} is in use by another server process (pid ${pid}); stop it first.`
    )
    this.name = 'DataDirLockedError'
  }
}

export interface DirLock {
  file: string
  release(): void
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(file: string): number {
  try {
    return Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10)
  } catch {
    return NaN
  }
}

export function lockDataDir(dir: string): DirLock {
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'server.lock')
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx')
      fs.writeSync(fd, String(process.pid))
      fs.fsyncSync(fd)
      fs.closeSync(fd)
      let released = false
      return {
        file,
        release() {
          if (released) return
          released = true
          if (readPid(file) === process.pid) fs.rmSync(file, { force: true })
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const owner = readPid(file)
      if (owner === process.pid || isAlive(owner)) throw new DataDirLockedError(dir, owner)
      // Stale lock of a crashed process (or a half-written one): remove it and try again.
      fs.rmSync(file, { force: true })
    }
  }
  throw new DataDirLockedError(dir, readPid(file))
}
