import './helpers/native-modules'

import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { inArray } from 'drizzle-orm'

import { openDatabase } from '../../server/db/database'
import { DataDirLockedError, lockDataDir } from '../../server/db/lock'
import { pageViews } from '../../server/db/schema'

const root = path.resolve(__dirname, '../..')
// One process (no tsx wrapper in between), so SIGKILL hits the writer itself.
const withTsx = (file: string, ...args: string[]) => [process.execPath, ['--import', 'tsx', file, ...args]] as const
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'yx-lock-'))

describe('data folder lock', () => {
  test('a second lock on the same folder is refused while the first is held, and free after release', () => {
    const dir = tmp()
    const lock = lockDataDir(dir)
    expect(fs.readFileSync(lock.file, 'utf8')).toBe(String(process.pid))
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    lock.release()
    expect(fs.existsSync(lock.file)).toBe(false)
    lockDataDir(dir).release()
  })

  test('a stale lock of a dead process is taken over', () => {
    const dir = tmp()
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)'])
    fs.writeFileSync(path.join(dir, 'server.lock'), String(dead.pid))
    const lock = lockDataDir(dir)
    expect(fs.readFileSync(lock.file, 'utf8')).toBe(String(process.pid))
    lock.release()
  })

  test('a second server on a locked folder exits with a clear message', () => {
    const dir = tmp()
    const lock = lockDataDir(dir)
    const res = spawnSync(...withTsx(path.join(root, 'server/main.ts')), {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000
    })
    lock.release()
    expect(res.status).toBe(2)
    expect(res.stderr).toContain('已被另一个服务进程')
    expect(res.stderr).toContain('is in use by another server process')
  })
})

test('kill -9 during a write loop loses no committed row', async () => {
  const dir = tmp()
  const child = spawn(...withTsx(path.join(__dirname, 'helpers/write-loop.ts'), dir), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const committed: number[] = []
  let buffer = ''
  await new Promise<void>((resolve, reject) => {
    child.on('exit', () => resolve())
    child.on('error', reject)
    child.stdout.on('data', (chunk) => {
      buffer += chunk
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      for (const line of lines) {
        const m = /^committed (\d+)$/.exec(line)
        if (m) committed.push(Number(m[1]))
      }
      if (committed.length >= 300 && !child.killed) child.kill('SIGKILL')
    })
  })
  expect(committed.length).toBeGreaterThanOrEqual(300)
  // The dead writer's lock is stale: the restart takes it over and finds every committed row.
  const database = await openDatabase({ dataDir: dir })
  try {
    const rows = await database.db
      .select({ id: pageViews.id, path: pageViews.path })
      .from(pageViews)
      .where(inArray(pageViews.id, committed))
    expect(rows.length).toBe(committed.length)
    for (const r of rows) expect(r.path).toMatch(/^\/crash\/\d+$/)
  } finally {
    await database.close()
  }
  fs.rmSync(dir, { recursive: true, force: true })
}, 90_000)
