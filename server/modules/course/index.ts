import type { FastifyInstance } from 'fastify'

import catalogRoutes from './catalog'
import engagementRoutes from './engagement'
import lessonRoutes from './lessons'
import liveRoutes from './live'
import offlineRoutes from './offline'
import orderRoutes from './orders'

/** Courses: catalogue, favorites and sign-up, lessons and progress, live schedule, offline classes, orders. */
export default async function courseModule(app: FastifyInstance): Promise<void> {
  await catalogRoutes(app)
  await engagementRoutes(app)
  await lessonRoutes(app)
  await liveRoutes(app)
  await offlineRoutes(app)
  await orderRoutes(app)
}
