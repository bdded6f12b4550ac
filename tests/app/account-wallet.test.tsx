import type { WalletDetail } from '../../contract'
import * as walletApi from '../../src/api/wallet'
import { clearCredential, saveCredential } from '../../src/core/credential'
import Friends from '../../src/pages/mine/friend'
import Commission from '../../src/pages/my/commission'
import Wallet from '../../src/pages/my/wallet'
import { parseYuan, withdrawBlocked } from '../../src/pages/my/wallet-labels'
import * as payModule from '../../src/platform/pay'
import { appStorage } from '../../src/platform/storage'
import { byText, fireTaro, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/wallet')
jest.mock('../../src/platform/pay')
const api = walletApi as jest.Mocked<typeof walletApi>
const platformPay = payModule as jest.Mocked<typeof payModule>

const WALLET: WalletDetail = {
  available_fen: 12_345,
  frozen_fen: 2_000,
  total_earned_fen: 20_345,
  withdrawn_fen: 6_000,
  owed_fen: 0,
  withdraw_min_fen: 1_000,
  withdraw_daily_limit_fen: 500_000,
  withdraw_today_fen: 0
}
const page = <T,>(list: T[], extra = {}) => ({
  list,
  total: list.length,
  page: 1,
  per_page: 15,
  last_page: 1,
  ...extra
})

beforeEach(() => {
  saveCredential(appStorage, { user_id: 7, token: 'token-7' })
  api.getWallet.mockResolvedValue(WALLET)
  api.getWithdrawals.mockResolvedValue(
    page([
      {
        id: 3,
        amount_fen: 6000,
        real_name: '张三',
        status: 'rejected' as const,
        reject_reason: '姓名不符',
        fail_reason: '',
        created_at: '2026-05-01T02:00:00Z',
        reviewed_at: '',
        finished_at: ''
      }
    ])
  )
})
afterEach(() => {
  clearCredential(appStorage)
  jest.clearAllMocks()
})

describe('amounts typed in yuan', () => {
  it('become integer fen, with a message naming what is wrong', () => {
    expect(parseYuan('12.3')).toEqual({ fen: 1230 })
    expect(parseYuan('0.07')).toEqual({ fen: 7 })
    expect(parseYuan(' 100 ')).toEqual({ fen: 10000 })
    expect(parseYuan('')).toEqual({ error: '请输入提现金额' })
    expect(parseYuan('1.234')).toEqual({ error: '提现金额格式不正确，最多两位小数' })
    expect(parseYuan('0')).toEqual({ error: '提现金额必须大于 0' })
  })
})

describe('pages/my/wallet', () => {
  it('shows available, frozen and total earned, and the withdrawals with their status', async () => {
    const { container } = await renderPage(Wallet, { route: 'pages/my/wallet', depth: 2 })
    expect(container.querySelector('.wallet__available')?.textContent).toBe('123.45')
    expect(container.querySelector('.wallet__frozen')?.textContent).toBe('¥20.00')
    expect(container.querySelector('.wallet__earned')?.textContent).toBe('¥203.45')
    expect(container.querySelector('.wallet__request')?.textContent).toContain('已驳回')
    expect(container.textContent).toContain('驳回原因：姓名不符')
  })

  it('checks the amount and the name before sending, then sends fen', async () => {
    api.applyWithdrawal.mockResolvedValue({
      withdrawal: {
        id: 4,
        amount_fen: 5000,
        real_name: '张三',
        status: 'pending',
        reject_reason: '',
        fail_reason: '',
        created_at: '',
        reviewed_at: '',
        finished_at: ''
      }
    })
    const { container } = await renderPage(Wallet, { route: 'pages/my/wallet', depth: 2 })
    await fireTaro(container.querySelector('.wallet__amount'), 'input', '5')
    await tap(container.querySelector('.wallet__submit'))
    expect(container.querySelector('.wallet__error--amount')?.textContent).toBe('单笔提现不能少于 ¥10.00')
    expect(container.querySelector('.wallet__error--name')?.textContent).toBe('请输入与微信实名一致的真实姓名')
    await fireTaro(container.querySelector('.wallet__amount'), 'input', '200')
    await tap(container.querySelector('.wallet__submit'))
    expect(container.querySelector('.wallet__error--amount')?.textContent).toBe('可提现余额不足（当前 ¥123.45）')
    expect(api.applyWithdrawal).not.toHaveBeenCalled()
    await fireTaro(container.querySelector('.wallet__amount'), 'input', '50')
    await fireTaro(container.querySelector('.wallet__name'), 'input', '张三')
    await tap(container.querySelector('.wallet__submit'))
    expect(api.applyWithdrawal).toHaveBeenCalledWith({ amount_fen: 5000, real_name: '张三' })
    expect(api.getWallet).toHaveBeenCalledTimes(2)
  })

  it('a transfer awaiting the user offers 确认收款 and reads the result; a failed one says the money is back', async () => {
    const base = {
      real_name: '张三',
      reject_reason: '',
      created_at: '2026-05-01T02:00:00Z',
      reviewed_at: '2026-05-01T03:00:00Z',
      finished_at: ''
    }
    const waiting = { ...base, id: 5, amount_fen: 3000, status: 'wait_confirm' as const, fail_reason: '' }
    const failed = {
      ...base,
      id: 6,
      amount_fen: 2000,
      status: 'failed' as const,
      fail_reason: '超过 24 小时未确认收款，转账已撤销'
    }
    api.getWithdrawals.mockResolvedValue(page([waiting, failed]))
    platformPay.receiveWithdrawal.mockResolvedValue('paid')
    api.getWithdrawal.mockResolvedValue({ ...waiting, status: 'paid' })
    const { container } = await renderPage(Wallet, { route: 'pages/my/wallet', depth: 2 })
    const rows = container.querySelectorAll('.wallet__request')
    expect(rows[0].textContent).toContain('待确认收款')
    expect(rows[1].textContent).toContain('转账失败已退回')
    expect(rows[1].textContent).toContain('超过 24 小时未确认收款，转账已撤销，金额已退回余额')
    expect(rows[1].querySelector('.wallet__receive')).toBeNull()
    await tap(rows[0].querySelector('.wallet__receive'))
    expect(platformPay.receiveWithdrawal).toHaveBeenCalledWith(waiting)
    expect(api.getWithdrawal).toHaveBeenCalledWith({ id: 5 })
    expect(api.getWithdrawals.mock.calls.length).toBeGreaterThanOrEqual(2)
  })

  it('with nothing to withdraw says why and sends nothing', async () => {
    api.getWallet.mockResolvedValue({ ...WALLET, available_fen: 0, frozen_fen: 0 })
    const { container } = await renderPage(Wallet, { route: 'pages/my/wallet', depth: 2 })
    expect(container.querySelector('.wallet__blocked')?.textContent).toBe(
      '可提现余额为 0，暂时不能提现。邀请好友购买课程或商品，获得的佣金过了退款期即可提现'
    )
    expect(container.querySelector('.wallet__submit')?.textContent).toBe('暂不可提现')
    await tap(container.querySelector('.wallet__submit'))
    expect(api.applyWithdrawal).not.toHaveBeenCalled()
  })

  it('names the frozen commission, the minimum and the daily limit when they stand in the way', () => {
    expect(withdrawBlocked({ ...WALLET, available_fen: 0 })).toBe(
      '可提现余额为 0，暂时不能提现；冻结中的 ¥20.00 过了退款期后转为可提现'
    )
    expect(withdrawBlocked({ ...WALLET, available_fen: 500, frozen_fen: 0 })).toBe(
      '可提现余额 ¥5.00，不足单笔最低 ¥10.00，暂时不能提现'
    )
    expect(withdrawBlocked({ ...WALLET, withdraw_today_fen: 500_000 })).toBe(
      '今日提现已达每日限额 ¥5000.00，请明天再来'
    )
    expect(withdrawBlocked(WALLET)).toBe('')
  })

  it('says what went wrong when the wallet cannot be read', async () => {
    api.getWallet.mockRejectedValue({ code: 0, msg: '数据库暂时不可用，请稍后再试' })
    const { container } = await renderPage(Wallet, { route: 'pages/my/wallet', depth: 2 })
    expect(container.textContent).toContain('数据库暂时不可用，请稍后再试')
  })
})

describe('pages/my/commission', () => {
  it('lists income and expense with status, and filters by type', async () => {
    api.getWalletLogs.mockResolvedValue(
      page([
        {
          id: 2,
          type: 'commission' as const,
          amount_fen: 2469,
          title: '好友「小明」购买课程 · 一级佣金',
          status: 'frozen' as const,
          release_at: '2026-06-01T00:00:00Z',
          created_at: '2026-05-25T02:00:00Z'
        },
        {
          id: 1,
          type: 'withdraw' as const,
          amount_fen: -1000,
          title: '提现至微信零钱',
          status: 'paid' as const,
          release_at: '',
          created_at: '2026-05-20T02:00:00Z'
        }
      ])
    )
    const { container } = await renderPage(Commission, { route: 'pages/my/commission', depth: 2 })
    const rows = container.querySelectorAll('.commission__row')
    expect(rows).toHaveLength(2)
    expect(rows[0].textContent).toContain('+¥24.69')
    expect(rows[0].textContent).toContain('冻结中')
    expect(rows[0].textContent).toContain('预计 2026-06-01 到账')
    expect(rows[1].textContent).toContain('-¥10.00')
    expect(rows[1].textContent).toContain('已到账')
    expect(api.getWalletLogs).toHaveBeenLastCalledWith({ page: 1, type: '', month: '' })
    await tap(byText(container, '.commission__tab', '提现'))
    expect(api.getWalletLogs).toHaveBeenLastCalledWith({ page: 1, type: 'withdraw', month: '' })
    await fireTaro(container.querySelector('taro-picker-core'), 'change', '2026-05')
    expect(api.getWalletLogs).toHaveBeenLastCalledWith({ page: 1, type: 'withdraw', month: '2026-05' })
  })

  it('shows an empty state that says so', async () => {
    api.getWalletLogs.mockResolvedValue(page([]))
    const { container } = await renderPage(Commission, { route: 'pages/my/commission', depth: 2 })
    expect(container.textContent).toContain('还没有收支记录')
  })
})

describe('pages/mine/friend', () => {
  it('lists my friends with when they joined and what each earned me', async () => {
    api.getFriendEarnings.mockResolvedValue({
      ...page([{ user_id: 9, nickname: '小明', avatar: '', joined_at: '2026-05-02T04:00:00Z', earned_fen: 2469 }]),
      total_earned_fen: 3703
    })
    const { container } = await renderPage(Friends, { route: 'pages/mine/friend', depth: 2 })
    expect(container.querySelector('.friend__count')?.textContent).toBe('1')
    expect(container.querySelector('.friend__earned')?.textContent).toBe('¥37.03')
    expect(container.querySelector('.friend__name')?.textContent).toBe('小明')
    expect(container.querySelector('.friend__row')?.textContent).toContain('2026-05-02 加入')
    expect(container.querySelector('.friend__row-earned')?.textContent).toBe('¥24.69')
  })
})
