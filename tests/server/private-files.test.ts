import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { keepDataPrivate } from '../../server/core/private-files'

const mode = (p: string) => fs.statSync(p).mode & 0o777

test("the data folder ends up readable by the server's user alone, new files included", () => {
  const saved = process.umask()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-private-'))
  try {
    fs.mkdirSync(path.join(dir, 'pglite', 'base'), { recursive: true, mode: 0o777 })
    fs.writeFileSync(path.join(dir, 'pglite', 'base', '1249'), 'x', { mode: 0o666 })
    fs.writeFileSync(path.join(dir, 'data-key'), 'k', { mode: 0o600 })
    // Modes set outright: what mkdir and writeFile give depends on the umask this process runs with.
    fs.chmodSync(path.join(dir, 'pglite'), 0o777)
    fs.chmodSync(path.join(dir, 'pglite', 'base'), 0o755)
    fs.chmodSync(path.join(dir, 'pglite', 'base', '1249'), 0o666)
    // Three entries were open to others; the key already was not.
    expect(keepDataPrivate(dir)).toBe(3)
    expect(mode(path.join(dir, 'pglite'))).toBe(0o700)
    expect(mode(path.join(dir, 'pglite', 'base'))).toBe(0o700)
    expect(mode(path.join(dir, 'pglite', 'base', '1249'))).toBe(0o600)
    expect(mode(path.join(dir, 'data-key'))).toBe(0o600)
    fs.writeFileSync(path.join(dir, 'uploads-later.jpg'), 'y')
    expect(mode(path.join(dir, 'uploads-later.jpg'))).toBe(0o600)
  } finally {
    process.umask(saved)
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
