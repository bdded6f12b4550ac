import fs from 'node:fs/promises'
import path from 'node:path'

import type { FileStorage } from './index'

/** Today's single-machine layout: uploads in DATA_DIR/uploads (served at /uploads), media in server/media. */
export function localDiskStorage(
  root: string,
  publicPrefix: string,
  mediaDir = path.join(__dirname, '..', 'media')
): FileStorage {
  const inside = (dir: string, key: string) => {
    const target = path.join(dir, key)
    if (!target.startsWith(path.resolve(dir) + path.sep)) throw new Error('storage key escapes its folder')
    return target
  }
  const targetOf = (key: string) => inside(root, key)
  const publicUrl = (key: string) => `${publicPrefix}/${key}`
  return {
    driver: 'local',
    publicUrl,
    async put(key, data) {
      const target = targetOf(key)
      await fs.mkdir(path.dirname(target), { recursive: true })
      // Write then rename, so a crash never leaves a half-written file at the public name.
      const temp = `${target}.${process.pid}.part`
      await fs.writeFile(temp, data)
      await fs.rename(temp, target)
      return publicUrl(key)
    },
    async find(key) {
      const exists = await fs.access(targetOf(key)).then(
        () => true,
        () => false
      )
      return exists ? publicUrl(key) : undefined
    },
    mediaUrl: async () => undefined,
    async putMedia(rel, file) {
      const target = inside(mediaDir, rel)
      await fs.mkdir(path.dirname(target), { recursive: true })
      const temp = `${target}.${process.pid}.part`
      await fs.copyFile(file, temp)
      await fs.rename(temp, target)
    }
  }
}
