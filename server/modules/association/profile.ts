import { eq } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { associations } from '../../db/schema'

export const MAIN_ASSOCIATION = 'main'

export async function mainAssociation(db: Executor): Promise<typeof associations.$inferSelect> {
  const [row] = await db.select().from(associations).where(eq(associations.slug, MAIN_ASSOCIATION)).limit(1)
  if (!row) throw new AppError('协会资料尚未设置')
  return row
}
