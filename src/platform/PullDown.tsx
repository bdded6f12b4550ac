import './pull-down.scss'

import Taro from '@tarojs/taro'
import { type ReactNode, useEffect, useRef, useState } from 'react'

/** How far (CSS px, after damping) the page must come down to refresh, and the most it comes down. */
const REFRESH_PX = 50
const MOST_PX = 100

interface PageElement extends HTMLElement {
  /** Set by Taro's router on the page's element: the page's lifecycle, onPullDownRefresh among it. */
  __page?: { onPullDownRefresh?: () => void }
}

interface TaroHandlers {
  successHandler: (res: { errMsg: string }) => void
}

/** Where the gap opens: under the page's navigation bar (its place holder keeps the bar's height). */
const gapTop = (root: HTMLElement | null) =>
  (root?.querySelector<HTMLElement>('.nav-bar-holder')?.offsetHeight ?? 0) + 'px'

/**
 * H5 only: the pull-down refresh around every page whose route has `refresh`, given to Taro's router as
 * its wrapper by config/h5-pull-down.js. It works as Taro's own (`<taro-pull-to-refresh-core>`): pulled
 * down from the top of the page by REFRESH_PX and let go, it calls the page's onPullDownRefresh and
 * holds, with three dots, until Taro.stopPullDownRefresh; Taro.startPullDownRefresh starts it from code.
 * Written here because Taro's is a web component and brings the whole web-component runtime
 * (@stencil/core, ~14 KB gzip) into the code every first screen waits for, the home drawing no other
 * web component; and the React one in @tarojs/components-react listens on its own inner box, so it
 * never finds the page and never refreshes.
 */
export default function PullDown({ children }: { children?: ReactNode }) {
  const root = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const [dots, setDots] = useState(false)
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    const page = root.current?.parentElement as PageElement | null | undefined
    const box = content.current
    if (!page || !box) return
    let startY = 0
    let lastY = 0
    let offset = 0
    let onTop = false
    let armed = false
    let refreshing = false
    // Moved by `top`, not a transform: a transformed box would carry the fixed navigation and tab bars
    // down with it, where WeChat keeps them in place and opens the gap under the navigation bar.
    const place = (y: number) => {
      box.style.top = y ? `${y}px` : ''
    }
    const refresh = () => {
      if (refreshing) return
      refreshing = true
      armed = false
      setDots(true)
      place(REFRESH_PX + 1)
      page.__page?.onPullDownRefresh?.()
    }
    const settle = () => {
      refreshing = armed = false
      offset = 0
      setDots(false)
      place(0)
    }
    const touchstart = (e: TouchEvent) => {
      startY = lastY = e.touches[0].screenY
    }
    const touchmove = (e: TouchEvent) => {
      const y = e.touches[0].screenY
      if (refreshing || y < startY || page.scrollTop > 0) return
      if (!onTop) {
        // Counted from where the page reached its top, not from where the finger went down.
        onTop = true
        startY = lastY = y
        setDragging(true)
      }
      if (e.cancelable) e.preventDefault()
      // Damped as Taro's: the further the finger has gone, the less each move counts; none past MOST_PX.
      if (offset <= MOST_PX) offset += Math.round(y - lastY) * (1 - Math.abs(y - startY) / window.screen.height) * 0.6
      lastY = y
      place(offset)
      if (armed !== offset >= REFRESH_PX) setDots((armed = offset >= REFRESH_PX))
    }
    const touchend = () => {
      if (onTop) setDragging((onTop = false))
      if (armed) refresh()
      else if (!refreshing) settle()
    }
    const listeners = { touchstart, touchmove, touchend, touchcancel: touchend } as const
    for (const [name, listener] of Object.entries(listeners))
      page.addEventListener(name, listener as EventListener, { passive: false })

    // Taro's API speaks to every page's wrapper at once: the page on screen answers, and a stop also
    // closes a page that was left while it refreshed.
    const shown = () => page.offsetParent !== null
    const start = ({ successHandler }: TaroHandlers) => {
      if (!shown()) return
      refresh()
      successHandler({ errMsg: 'startPullDownRefresh:ok' })
    }
    const stop = ({ successHandler }: TaroHandlers) => {
      if (!refreshing && !shown()) return
      settle()
      successHandler({ errMsg: 'stopPullDownRefresh:ok' })
    }
    Taro.eventCenter.on('__taroStartPullDownRefresh', start)
    Taro.eventCenter.on('__taroStopPullDownRefresh', stop)
    return () => {
      for (const [name, listener] of Object.entries(listeners))
        page.removeEventListener(name, listener as EventListener)
      Taro.eventCenter.off('__taroStartPullDownRefresh', start)
      Taro.eventCenter.off('__taroStopPullDownRefresh', stop)
    }
  }, [])

  return (
    <div ref={root} className="pull-down">
      {/* In the gap the page leaves as it comes down, under its navigation bar. */}
      {dots && (
        <div className="pull-down__dots" style={{ top: gapTop(root.current) }} aria-label="刷新中">
          <i />
          <i />
          <i />
        </div>
      )}
      <div ref={content} className={`pull-down__content${dragging ? '' : ' pull-down__content--settling'}`}>
        {children}
      </div>
    </div>
  )
}
