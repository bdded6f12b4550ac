import type { Tx } from '../../db/database'
import type { Notifier } from '../notify/notifier'
import { amountText, timeText } from '../notify/values'
import type { WithdrawalRow } from './withdrawals'

// A withdrawal is requested once and ends once (paid, failed or rejected): its id keys each message.

const MY_WALLET = 'pages/my/wallet'

/** A new request: the operators who approve withdrawals (the name is the one the transfer is checked against). */
export async function tellRequested(tx: Tx, notify: Notifier, w: WithdrawalRow): Promise<void> {
  await notify.toOperators(tx, 'op.withdrawal.requested', {
    key: w.id,
    fields: { user: w.realName, amount: amountText(w.amountFen) },
    link: '/withdrawals'
  })
}

/** The end of a withdrawal: in the user's change, or back in the wallet with why (a failed transfer, a rejection). */
export async function tellFinished(tx: Tx, notify: Notifier, w: WithdrawalRow): Promise<void> {
  const amount = amountText(w.amountFen)
  if (w.status === 'paid')
    await notify.toUsers(tx, 'withdrawal.paid', w.userId, {
      key: w.id,
      fields: { amount, time: timeText(w.finishedAt ?? new Date()) },
      link: MY_WALLET
    })
  else if (w.status === 'failed' || w.status === 'rejected')
    await notify.toUsers(tx, 'withdrawal.failed', w.userId, {
      key: w.id,
      fields: { amount, reason: w.status === 'failed' ? w.failReason : w.rejectReason },
      link: MY_WALLET
    })
}
