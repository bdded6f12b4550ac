import Taro from '@tarojs/taro'

import type { UserProfile } from '../../contract'
import * as uploadApi from '../../src/api/upload'
import * as userApi from '../../src/api/user'
import { clearCredential, saveCredential } from '../../src/core/credential'
import Info from '../../src/pages/my/info'
import { validateProfile } from '../../src/pages/my/info-rules'
import { appStorage } from '../../src/platform/storage'
import { fireTaro, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/user')
jest.mock('../../src/api/upload')
const api = userApi as jest.Mocked<typeof userApi>
const upload = uploadApi as jest.Mocked<typeof uploadApi>

const PROFILE: UserProfile = {
  user_id: 7,
  nickname: '易友',
  avatar: '',
  gender: 0,
  mobile: '',
  birthday: '',
  level: 0,
  referee_id: 0,
  created_at: '2026-01-01T00:00:00Z'
}

beforeEach(() => {
  saveCredential(appStorage, { user_id: 7, token: 'token-7' })
  api.getUserDetail.mockResolvedValue({ user: PROFILE })
  api.checkBindMobile.mockResolvedValue({ bound: false, mobile: '' })
})
afterEach(() => {
  clearCredential(appStorage)
  jest.restoreAllMocks()
  jest.clearAllMocks()
})

describe('profile rules', () => {
  it('names each wrong field', () => {
    const ok = { nickname: '易友', gender: 1 as const, birthday: '1990-05-01' }
    expect(validateProfile(ok, '2026-01-01')).toEqual({})
    expect(validateProfile({ ...ok, nickname: '  ' }, '2026-01-01')).toEqual({ nickname: '请输入昵称' })
    expect(validateProfile({ ...ok, nickname: '字'.repeat(33) }, '2026-01-01')).toEqual({
      nickname: '昵称不能超过 32 个字'
    })
    expect(validateProfile({ ...ok, nickname: '<b>' }, '2026-01-01').nickname).toContain('不能包含')
    expect(validateProfile({ ...ok, birthday: '2030-01-01' }, '2026-01-01')).toEqual({
      birthday: '生日须在 1850-01-01 与今天之间'
    })
  })
})

describe('pages/my/info', () => {
  it('refuses an empty nickname, then saves nickname, gender and birthday', async () => {
    api.updateUserInfo.mockResolvedValue({} as never)
    const { container } = await renderPage(Info, { route: 'pages/my/info', depth: 2 })
    expect((container.querySelector('.info__nickname') as HTMLElement & { value: string }).value).toBe('易友')
    await fireTaro(container.querySelector('.info__nickname'), 'input', ' ')
    await tap(container.querySelector('.info__save'))
    expect(container.querySelector('.info__error--nickname')?.textContent).toBe('请输入昵称')
    expect(api.updateUserInfo).not.toHaveBeenCalled()
    await fireTaro(container.querySelector('.info__nickname'), 'input', '新昵称')
    const pickers = container.querySelectorAll('taro-picker-core')
    await fireTaro(pickers[0], 'change', 2)
    await fireTaro(pickers[1], 'change', '1990-05-01')
    await tap(container.querySelector('.info__save'))
    expect(api.updateUserInfo).toHaveBeenCalledWith({ nickname: '新昵称', gender: 2, birthday: '1990-05-01' })
  })

  it('uploads a chosen avatar and saves its url', async () => {
    jest
      .spyOn(Taro, 'chooseImage')
      .mockResolvedValue({ tempFilePaths: ['blob:avatar'], tempFiles: [], errMsg: 'chooseImage:ok' } as never)
    upload.uploadImage.mockResolvedValue({ url: 'http://127.0.0.1:3000/uploads/a.png', file_id: 1 })
    api.updateUserInfo.mockResolvedValue({} as never)
    const { container } = await renderPage(Info, { route: 'pages/my/info', depth: 2 })
    await tap(container.querySelector('.info__avatar-row'))
    await settle(10)
    expect(upload.uploadImage).toHaveBeenCalledWith('blob:avatar')
    expect(api.updateUserInfo).toHaveBeenCalledWith({ avatar: 'http://127.0.0.1:3000/uploads/a.png' })
    expect(api.getUserDetail).toHaveBeenCalledTimes(2)
  })

  it('checks the binding first, then binds a number with a code, naming wrong fields', async () => {
    api.sendSms.mockResolvedValue({ retry_after: 60, debug_code: '123456' })
    api.bindMobile.mockResolvedValue({} as never)
    const { container } = await renderPage(Info, { route: 'pages/my/info', depth: 2 })
    expect(api.checkBindMobile).toHaveBeenCalled()
    expect(container.querySelector('.info__mobile')?.textContent).toContain('未绑定')
    await tap(container.querySelector('.info__mobile-toggle'))
    await tap(container.querySelector('.info__bind-submit'))
    expect(container.textContent).toContain('请输入手机号')
    expect(container.textContent).toContain('请输入验证码')
    await fireTaro(container.querySelector('.info__bind-mobile'), 'input', '13800138000')
    await tap(container.querySelector('.info__send'))
    expect(api.sendSms).toHaveBeenCalledWith({ mobile: '13800138000', scene: 'bind' })
    expect(container.textContent).toContain('开发环境：123456')
    await fireTaro(container.querySelector('.info__bind-code'), 'input', '123456')
    api.checkBindMobile.mockResolvedValue({ bound: true, mobile: '138****8000' })
    await tap(container.querySelector('.info__bind-submit'))
    expect(api.bindMobile).toHaveBeenCalledWith({ mobile: '13800138000', sms_code: '123456' })
    expect(container.querySelector('.info__mobile')?.textContent).toContain('138****8000')
  })

  it('a number another account holds offers a merge saying what comes over, merged only on confirm', async () => {
    api.sendSms.mockResolvedValue({ retry_after: 60, debug_code: '123456' })
    api.bindMobile.mockResolvedValue({
      bound: false,
      mobile: '138****8000',
      merge: {
        merge_token: 'mt-1',
        summary: {
          nickname: '网页的我',
          orders: 2,
          courses: 1,
          certificates: 0,
          coupons: 1,
          addresses: 1,
          records: 0,
          wallet_fen: 1334
        }
      }
    })
    api.mergeAccount.mockResolvedValue({ bound: true, mobile: '138****8000', summary: {} as never })
    const { container } = await renderPage(Info, { route: 'pages/my/info', depth: 2 })
    await tap(container.querySelector('.info__mobile-toggle'))
    await fireTaro(container.querySelector('.info__bind-mobile'), 'input', '13800138000')
    await fireTaro(container.querySelector('.info__bind-code'), 'input', '123456')
    await tap(container.querySelector('.info__bind-submit'))
    const text = container.querySelector('.info__merge')?.textContent ?? ''
    expect(text).toContain('已是另一个账号（网页的我）')
    expect(text).toContain('订单 2 个、课程 1 门、可用优惠券 1 张、收货地址 1 个、钱包余额 ¥13.34')
    expect(text).not.toContain('证书报名')
    expect(api.mergeAccount).not.toHaveBeenCalled()
    api.checkBindMobile.mockResolvedValue({ bound: true, mobile: '138****8000' })
    await tap(container.querySelector('.info__merge-confirm'))
    expect(api.mergeAccount).toHaveBeenCalledWith({ merge_token: 'mt-1' })
    expect(container.querySelector('.info__merge')).toBeNull()
    expect(container.querySelector('.info__mobile')?.textContent).toContain('138****8000')
  })
})
