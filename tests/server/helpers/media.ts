import fs from 'node:fs'
import path from 'node:path'

/** Removes an uploaded test video and the folders it left empty (the media folder is listed by other tests). */
export function removeMedia(mediaDir: string, key: string): void {
  let file = path.join(mediaDir, key.slice('media:'.length))
  fs.rmSync(file, { force: true })
  for (let i = 0; i < 2; i++) {
    file = path.dirname(file)
    if (fs.existsSync(file) && fs.readdirSync(file).length === 0) fs.rmdirSync(file)
  }
}
