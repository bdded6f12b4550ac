import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { precompress } from '../../server/precompress'

// The built app's compressed copies: written once per build, written again for a file that changed or a copy that
// went missing, and always what the file holds now.
test('writes each copy once, again when its file changes or the copy is gone, and never for a small file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'))
  try {
    const app = path.join(dir, 'js', 'app.js')
    fs.mkdirSync(path.dirname(app))
    fs.writeFileSync(app, 'console.log("八字")\n'.repeat(200))
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'x')
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096))

    await expect(precompress(dir)).resolves.toBe(2)
    await expect(precompress(dir)).resolves.toBe(0)
    expect(fs.readdirSync(dir).sort()).toEqual(['js', 'logo.png', 'tiny.js'])

    // A new build: the copies are from the last one, older than the file.
    const earlier = new Date(Date.now() - 60_000)
    for (const copy of [`${app}.br`, `${app}.gz`]) fs.utimesSync(copy, earlier, earlier)
    fs.writeFileSync(app, 'console.log("奇门")\n'.repeat(300))
    await expect(precompress(dir)).resolves.toBe(2)
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${app}.br`)).toString()).toBe(fs.readFileSync(app, 'utf8'))
    expect(zlib.gunzipSync(fs.readFileSync(`${app}.gz`)).toString()).toBe(fs.readFileSync(app, 'utf8'))

    fs.rmSync(`${app}.gz`)
    await expect(precompress(dir)).resolves.toBe(1)
    expect(fs.readdirSync(path.dirname(app)).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz'])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
