import fs from 'node:fs'

import { DATA_TEMPLATE_ENV } from './server'

export default async function globalTeardown(): Promise<void> {
  const dir = process.env[DATA_TEMPLATE_ENV]
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
  delete process.env[DATA_TEMPLATE_ENV]
}
