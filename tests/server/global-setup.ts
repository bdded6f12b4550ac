import { createTemplates, TEMPLATE_ENV } from './helpers/test-db'

/** The run's template databases, copied by every test file (helpers/test-db.ts). */
export default async function globalSetup(): Promise<void> {
  // The server and the mini-program projects both ask for them: once is enough.
  if (!process.env[TEMPLATE_ENV]) process.env[TEMPLATE_ENV] = await createTemplates()
}
