import fs from 'node:fs/promises'
import path from 'node:path'
import type { FileStorage } from './index'

/** Today's single-machine layout: uploads in DATA_DIR/uploads (served at /uploads), media in server/media. */
export function localDiskStorage(root: string, publicPrefix: string): FileStorage {
  const targetOf = (key: string) => {
    const target = path.join(root, key)
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the upload folder')
    return target
  }
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
      const exists = await fs.access(targetOf(key)).then(() => true, () => false)
      return exists ? publicUrl(key) : undefined
    },
    mediaUrl: async () => undefined
  }
}
