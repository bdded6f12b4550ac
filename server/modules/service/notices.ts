import { eq } from 'drizzle-orm'

import type { Tx } from '../../db/database'
import { consultServices, serviceOrders, teachers } from '../../db/schema'
import type { Notifier } from '../notify/notifier'
import { timeText } from '../notify/values'

// What a booking tells, from the transaction of its change; a booking is paid once and cancelled once,
// so its id is the key of each.

/** My bookings in the app; the console's 服务预约 (a teacher's own account sees its notices too). */
const MY_BOOKINGS = 'pages/my/service'
const CONSOLE_BOOKINGS = '/services'

async function bookingOf(tx: Tx, orderId: number) {
  const [row] = await tx
    .select({ o: serviceOrders, service: consultServices.title, teacher: teachers.name })
    .from(serviceOrders)
    .innerJoin(consultServices, eq(consultServices.id, serviceOrders.serviceId))
    .innerJoin(teachers, eq(teachers.id, serviceOrders.teacherId))
    .where(eq(serviceOrders.id, orderId))
    .limit(1)
  return row
}

/** Paid: the client's confirmation, and the operators and the teacher who hold the consultation. */
export async function tellBooked(tx: Tx, notify: Notifier, orderId: number): Promise<void> {
  const { o, service, teacher } = await bookingOf(tx, orderId)
  const fields = { service, teacher, time: timeText(o.startsAt) }
  await notify.toUsers(tx, 'consult.booked', o.userId, { key: o.id, fields, link: MY_BOOKINGS })
  await notify.toOperators(tx, 'op.consult.booked', {
    key: o.id,
    fields,
    link: CONSOLE_BOOKINGS,
    teacherId: o.teacherId
  })
}

/** A paid booking cancelled (its money goes back), with the operator's reason when an operator did it. */
export async function tellCancelled(tx: Tx, notify: Notifier, orderId: number, reason: string): Promise<void> {
  const { o, service } = await bookingOf(tx, orderId)
  await notify.toUsers(tx, 'consult.cancelled', o.userId, {
    key: o.id,
    fields: { service, time: timeText(o.startsAt), reason },
    link: MY_BOOKINGS
  })
}
