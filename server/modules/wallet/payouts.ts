import { and, asc, eq, inArray, lte } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Db, Tx } from '../../db/database'
import { withdrawals, type WithdrawalStatus } from '../../db/schema'
import type { PayProvider, TransferAnswer } from '../payment/provider'
import { newOutTradeNo, type PaymentLog } from '../payment/service'
import { addLog, changeWallet, lockWallet, settleOwed } from './ledger'
import type { WithdrawalRow } from './withdrawals'

/** Withdrawals whose transfer is under way: their state is followed until it is final. */
export const IN_FLIGHT: WithdrawalStatus[] = ['transferring', 'wait_confirm']
const SWEEP_BATCH = 100
/** WeChat cancels a transfer the user has not accepted within 24 hours; the sandbox does the same. */
const CONFIRM_WINDOW_MS = 86_400_000

/** Like out_trade_no with a W: letters and digits only, as WeChat requires of a bill number. */
export function newOutBillNo(now = new Date()): string {
  return 'W' + newOutTradeNo(now)
}

/** Why a transfer did not arrive, as the user reads it (WeChat's fail_reason codes; anything else as it came). */
const FAIL_REASONS: Record<string, string> = {
  CANCELLED: '超过 24 小时未确认收款，转账已撤销',
  OVERDUE_CLOSE: '超过 24 小时未确认收款，转账已关闭',
  TRANSFER_QUOTA_EXCEED: '超出微信零钱收款限额',
  PAYEE_ACCOUNT_ABNORMAL: '微信零钱账户异常',
  REAL_NAME_CHECK_FAIL: '姓名与微信实名不一致',
  NAME_NOT_CORRECT: '姓名与微信实名不一致',
  OPENID_INVALID: '收款微信账号无效',
  BLOCK_B2C_USERLIMITAMOUNT_BSRULE_MONTH: '超出本月收款限额',
  BLOCK_B2C_USERLIMITAMOUNT_MONTH: '超出本月收款限额'
}

function failText(answer: TransferAnswer): string {
  const code = answer.failReason || (answer.state === 'CANCELLED' ? 'CANCELLED' : '')
  return (FAIL_REASONS[code] ?? (answer.message || code || '微信转账未成功')).slice(0, 100)
}

/** The withdrawal state a provider answer leads to; undefined: nothing to learn (unknown bill). */
function statusOf(answer: TransferAnswer): WithdrawalStatus | undefined {
  switch (answer.state) {
    case 'WAIT_USER_CONFIRM':
      return 'wait_confirm'
    case 'SUCCESS':
      return 'paid'
    case 'FAIL':
    case 'CANCELLED':
    case 'REJECTED':
      return 'failed'
    case 'NOT_FOUND':
      return undefined
    default:
      return 'transferring'
  }
}

/** Runs once for a withdrawal whose transfer ended (paid or failed), inside the transaction that records it. */
export type FinishedHandler = (tx: Tx, row: WithdrawalRow) => Promise<void>

/**
 * Paying withdrawals through the pay provider's merchant transfer (WeChat Pay: 商家转账 into the
 * user's change, which the user accepts in WeChat). Every state change is one conditional UPDATE from
 * a state still in flight, so a failed transfer returns its money to the wallet exactly once however
 * many notices, queries and sweeps report it.
 */
export class Payouts {
  private logger: PaymentLog = { info: () => undefined, warn: () => undefined, error: () => undefined }
  private readonly finishedHandlers: FinishedHandler[] = []

  constructor(
    private readonly db: Db,
    readonly provider: PayProvider
  ) {}

  useLog(log: PaymentLog): void {
    this.logger = log
  }

  private log(): PaymentLog {
    return this.logger
  }

  onFinished(handler: FinishedHandler): void {
    this.finishedHandlers.push(handler)
  }

  /**
   * The operator approves a pending withdrawal: it is recorded as transferring under a new bill number
   * (with the console's audit row, `inTx`), then the transfer is asked for. Returns the row as it ended.
   */
  async approve(
    id: number,
    inTx?: (tx: Tx, before: WithdrawalRow, after: WithdrawalRow) => Promise<void>
  ): Promise<WithdrawalRow> {
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1)
      if (!current) throw new AppError('提现申请不存在')
      if (current.status !== 'pending') throw new AppError(`该提现申请已处理（${current.status}）`)
      if (this.provider.name !== 'sandbox' && !current.openid)
        throw new AppError('该用户申请提现时未使用微信登录，无法转账到微信零钱，请驳回')
      const [updated] = await tx
        .update(withdrawals)
        .set({
          status: 'transferring',
          provider: this.provider.name,
          outBillNo: newOutBillNo(),
          reviewedAt: new Date()
        })
        .where(eq(withdrawals.id, id))
        .returning()
      await inTx?.(tx, current, updated)
      return updated
    })
    return this.push(row)
  }

  /**
   * Asks for the transfer of a row being transferred (again with the same bill number, which WeChat pays at most once).
   */
  private async push(row: WithdrawalRow): Promise<WithdrawalRow> {
    let answer: TransferAnswer
    try {
      answer = await this.provider.transfer({
        outBillNo: row.outBillNo!,
        amountFen: row.amountFen,
        appId: row.appId,
        openid: row.openid,
        realName: row.realName,
        remark: '推广佣金提现'
      })
      if (answer.state === 'REJECTED') {
        // Refused: WeChat asks to confirm by query that no bill exists before giving up on the number.
        const known = await this.provider.queryTransfer(row.outBillNo!)
        if (known.state !== 'NOT_FOUND') answer = known
      }
    } catch (err) {
      this.log().error({ err, out_bill_no: row.outBillNo }, 'transfer request unanswered; followed by the sweep')
      return row
    }
    return this.settle(row.outBillNo!, answer)
  }

  /**
   * Moves a withdrawal to what the provider says of its transfer. A final failure returns the amount to
   * the available balance with a wallet log saying so; a repeated report changes nothing.
   */
  async settle(outBillNo: string, answer: TransferAnswer): Promise<WithdrawalRow> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.outBillNo, outBillNo))
        .for('update')
        .limit(1)
      if (!current) throw new AppError('提现单不存在')
      if (answer.amountFen !== undefined && answer.amountFen !== current.amountFen)
        throw new AppError('转账通知与提现单金额不符')
      const next = statusOf(answer)
      if (!next || !IN_FLIGHT.includes(current.status)) return current
      if (
        next === current.status &&
        (next !== 'wait_confirm' || !answer.packageInfo || answer.packageInfo === current.packageInfo)
      )
        return current
      const final = next === 'paid' || next === 'failed'
      const reason = next === 'failed' ? failText(answer) : ''
      const [row] = await tx
        .update(withdrawals)
        .set({
          status: next,
          ...(answer.transferBillNo ? { transferBillNo: answer.transferBillNo.slice(0, 64) } : {}),
          ...(answer.packageInfo ? { packageInfo: answer.packageInfo } : {}),
          ...(final ? { finishedAt: new Date(), packageInfo: null } : {}),
          failReason: reason
        })
        .where(and(eq(withdrawals.id, current.id), inArray(withdrawals.status, IN_FLIGHT)))
        .returning()
      if (next === 'failed') {
        const wallet = await lockWallet(tx, current.userId)
        await changeWallet(tx, current.userId, {
          withdrawn: -current.amountFen,
          ...settleOwed(wallet, current.amountFen)
        })
        await addLog(tx, {
          userId: current.userId,
          type: 'withdraw_return',
          amountFen: current.amountFen,
          withdrawalId: current.id,
          remark: `转账失败已退回：${reason}`
        })
        this.log().warn({ out_bill_no: outBillNo, reason }, 'withdrawal transfer failed; amount returned to the wallet')
      } else this.log().info({ out_bill_no: outBillNo, status: next }, 'withdrawal transfer')
      // The conditional UPDATE above moved it from in flight: a final state is reached here once.
      if (final) for (const handler of this.finishedHandlers) await handler(tx, row)
      return row
    })
  }

  /** The sweep (and a user looking at a waiting transfer): asks the provider about transfers in flight. */
  async follow(scope: { id?: number; userId?: number } = {}, now = new Date()): Promise<number> {
    if (this.provider.name === 'sandbox') return this.lapseSandbox(now)
    const rows = await this.db
      .select()
      .from(withdrawals)
      .where(
        and(
          inArray(withdrawals.status, IN_FLIGHT),
          eq(withdrawals.provider, this.provider.name),
          scope.id === undefined ? undefined : eq(withdrawals.id, scope.id),
          scope.userId === undefined ? undefined : eq(withdrawals.userId, scope.userId)
        )
      )
      .orderBy(asc(withdrawals.id))
      .limit(SWEEP_BATCH)
    let changed = 0
    for (const row of rows) {
      try {
        const answer = await this.provider.queryTransfer(row.outBillNo!)
        // Never created (the first request went unanswered): asked for again with the same number.
        const after =
          answer.state === 'NOT_FOUND' && row.status === 'transferring'
            ? await this.push(row)
            : await this.settle(row.outBillNo!, answer)
        if (after.status !== row.status) changed++
      } catch (err) {
        this.log().warn({ err, out_bill_no: row.outBillNo }, 'transfer query failed; asked again next round')
      }
    }
    return changed
  }

  /** The sandbox's stand-in for WeChat's 24-hour limit: a transfer nobody accepted is cancelled (转账失败已退回). */
  private async lapseSandbox(now: Date): Promise<number> {
    const rows = await this.db
      .select({ outBillNo: withdrawals.outBillNo })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'wait_confirm'),
          eq(withdrawals.provider, 'sandbox'),
          lte(withdrawals.reviewedAt, new Date(now.getTime() - CONFIRM_WINDOW_MS))
        )
      )
      .limit(SWEEP_BATCH)
    for (const r of rows) await this.settle(r.outBillNo!, { state: 'CANCELLED' })
    return rows.length
  }
}
