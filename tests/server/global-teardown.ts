import { dropTemplates, TEMPLATE_ENV } from './helpers/test-db'

export default async function globalTeardown(): Promise<void> {
  const base = process.env[TEMPLATE_ENV]
  if (!base) return
  delete process.env[TEMPLATE_ENV]
  await dropTemplates(base)
}
