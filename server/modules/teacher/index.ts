import type { FastifyInstance } from 'fastify'

import followRoutes from './follows'
import profileRoutes from './profiles'

/** Teachers: profiles with courses, services and reviews; follows; my offline classes. */
export default async function teacherModule(app: FastifyInstance): Promise<void> {
  await profileRoutes(app)
  await followRoutes(app)
}
