import About from '../../src/pages/about/about'
import { renderPage } from './render'

describe('pages/about/about', () => {
  it('shows the app version 1.0.0 and version code 100, and links the agreement', async () => {
    const { container } = await renderPage(About, { route: 'pages/about/about', depth: 2 })
    expect(container.textContent).toContain('版本 1.0.0（100）')
    expect(container.textContent).toContain('用户协议')
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('关于我们')
  })
})
