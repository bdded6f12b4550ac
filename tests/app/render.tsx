import Taro from '@tarojs/taro'
import { render, type RenderResult, waitFor } from '@testing-library/react'
import type { ComponentType } from 'react'
import { act } from 'react'

interface Options {
  /** The route the page is shown at, e.g. 'pages/about/about'. */
  route?: string
  params?: Record<string, string>
  /** How many pages the stack holds, this one included (1: nothing to go back to). */
  depth?: number
  props?: Record<string, unknown>
}

/**
 * Renders a page on Taro's H5 runtime as the router would show it at `route`, and lets Taro's web
 * components settle. The router itself is not running, so the page's place is given here.
 */
export async function renderPage(Component: ComponentType<any>, options: Options = {}): Promise<RenderResult> {
  const { route = 'pages/v2index/index', params = {}, depth = 1, props = {} } = options
  const page = { route, path: '/' + route, options: params }
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(Array.from({ length: depth }, () => page) as any)
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { path: '/' + route, params }, page } as any)
  let result!: RenderResult
  await act(async () => {
    result = render(<Component {...props} />)
  })
  await settle()
  await richTextFilled(result.container)
  return result
}

/** Taro's RichText fills itself in a moment after the page renders (longer on a busy machine). */
async function richTextFilled(container: HTMLElement) {
  await waitFor(
    () => {
      for (const el of container.querySelectorAll('taro-rich-text-core'))
        if (!el.innerHTML) throw new Error('rich text not filled yet')
    },
    { timeout: 3000 }
  ).catch(() => undefined)
}

export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms))
  })
}
