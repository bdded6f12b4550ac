import { act, waitFor } from '@testing-library/react'

import LoginSheetHost from '../../src/components/LoginSheet/Host'
import TabBar from '../../src/components/TabBar'
import { loginRequired } from '../../src/platform/login-required'
import { storesReady } from '../../src/stores/ready'
import { renderPage } from './render'

// The home draws its tab bar and carries the login sheet's host without loading the session store (and
// MobX): nothing in this file imports the stores before the login is asked for.
describe('login sheet on a page that has not loaded the session', () => {
  it('draws nothing and loads no store until a login is asked for', async () => {
    const { container } = await renderPage(() => (
      <>
        <TabBar active={0} />
        <LoginSheetHost />
      </>
    ))
    expect(container.querySelectorAll('.tab-bar__item')).toHaveLength(6)
    expect(container.querySelector('.login-sheet')).toBeNull()
    expect(storesReady.get()).toBe(false)
  })

  it('shows the sheet with its reason when a request is refused before the store was loaded', async () => {
    const { container } = await renderPage(LoginSheetHost)
    expect(storesReady.get()).toBe(false)
    act(() => loginRequired.emit({ reason: '登录已过期，请重新登录' }))
    await waitFor(() => expect(container.querySelector('.login-sheet')).not.toBeNull(), { timeout: 5000 })
    expect(container.textContent).toContain('登录已过期，请重新登录')
    expect(storesReady.get()).toBe(true)
    // The store now listens itself: a later refusal shows its own reason.
    const { sessionStore } = require('../../src/stores')
    act(() => sessionStore.dismissLogin())
    await waitFor(() => expect(container.querySelector('.login-sheet')).toBeNull())
    act(() => loginRequired.emit({ reason: '请先登录' }))
    await waitFor(() => expect(container.textContent).toContain('请先登录'))
  })
})
