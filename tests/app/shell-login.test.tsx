import { fireEvent } from '@testing-library/react'

import LoginSheet from '../../src/components/LoginSheet'
import { sessionStore } from '../../src/stores'
import { fireTaro } from './events'
import { renderPage, settle } from './render'

const input = (container: HTMLElement, selector: string, value: string) =>
  fireTaro(container.querySelector(selector), 'input', value)

describe('login sheet (plain browsers: mobile number and SMS code)', () => {
  it('is hidden until the session asks for a login', async () => {
    const { container } = await renderPage(LoginSheet)
    expect(container.querySelector('.login-sheet')).toBeNull()
  })

  it('names the wrong field before anything is sent', async () => {
    sessionStore.requireLogin('登录后查看我的订单')
    const { container } = await renderPage(LoginSheet)
    expect(container.textContent).toContain('登录后查看我的订单')
    fireEvent.click(container.querySelector('.login-sheet__submit')!)
    await settle()
    expect(container.textContent).toContain('请输入手机号')
    expect(container.textContent).toContain('请输入验证码')
    await input(container, '.login-sheet__mobile', '1234')
    fireEvent.click(container.querySelector('.login-sheet__send')!)
    await settle()
    expect(container.textContent).toContain('手机号格式不正确')
    sessionStore.dismissLogin()
  })
})

describe('screens for logged-in users, seen by a visitor', () => {
  it('say why and offer the login again after the sheet was closed', async () => {
    const LoginRequired = require('../../src/components/States/LoginRequired').default
    const { container } = await renderPage(LoginRequired, { props: { message: '登录后才能查看钱包' } })
    expect(container.textContent).toContain('登录后才能查看钱包')
    expect(sessionStore.loginRequired).toBe(false)
    fireEvent.click(container.querySelector('.state__retry')!)
    expect(sessionStore.loginRequired).toBe(true)
    expect(sessionStore.loginReason).toBe('登录后才能查看钱包')
    sessionStore.dismissLogin()
  })
})
