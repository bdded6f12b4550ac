import { eq } from 'drizzle-orm'

import type { Tx } from '../../db/database'
import { users } from '../../db/schema'

/** Queues a user's writes of one kind behind each other until the transaction ends (their user row is the lock). */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
}
