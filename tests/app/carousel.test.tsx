import { fireEvent, waitFor } from '@testing-library/react'

import Carousel from '../../src/platform/Carousel'
import { tap } from './events'
import { renderPage } from './render'

const SLIDES = [
  { id: 1, title: '八字命理', image: '/static/a.svg' },
  { id: 2, title: '奇门遁甲', image: '/static/b.svg' },
  { id: 3, title: '名师课程', image: '/static/c.svg' }
]

const shown = (container: HTMLElement) => (container.querySelector('.carousel__track') as HTMLElement).style.transform
const activeDot = (container: HTMLElement) =>
  [...container.querySelectorAll('.carousel__dot')].findIndex((d) => d.classList.contains('carousel__dot--on'))

describe('the home banner carousel (browser)', () => {
  it('moves on by itself and wraps round from the last slide to the first', async () => {
    const { container } = await renderPage(Carousel, { props: { slides: SLIDES, onOpen: jest.fn(), intervalMs: 700 } })
    expect(shown(container)).toBe('translateX(-0%)')
    expect(container.querySelectorAll('.carousel__dot')).toHaveLength(3)
    for (const expected of [1, 2, 0]) {
      await waitFor(() => expect(activeDot(container)).toBe(expected), { timeout: 3000 })
    }
    expect(shown(container)).toBe('translateX(-0%)')
  })

  it('follows a swipe either way, jumps to a tapped dot and opens a tapped slide', async () => {
    const onOpen = jest.fn()
    const { container } = await renderPage(Carousel, { props: { slides: SLIDES, onOpen } })
    const strip = container.querySelector('.carousel')!
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(strip, { touches: [{ clientX: from }] })
      fireEvent.touchEnd(strip, { changedTouches: [{ clientX: to }] })
    }
    swipe(300, 100)
    expect(activeDot(container)).toBe(1)
    swipe(100, 300)
    swipe(100, 300)
    expect(activeDot(container)).toBe(2)
    swipe(200, 190) // too short: a tap, not a swipe
    expect(activeDot(container)).toBe(2)
    await tap(container.querySelectorAll('.carousel__dot')[0])
    expect(shown(container)).toBe('translateX(-0%)')
    await tap(container.querySelectorAll('.carousel__slide')[1])
    expect(onOpen).toHaveBeenCalledWith(SLIDES[1])
  })

  it('stays on its banner when the system asks for reduced motion, and still follows a swipe', async () => {
    const asked: string[] = []
    window.matchMedia = ((query: string) => {
      asked.push(query)
      return { matches: query === '(prefers-reduced-motion: reduce)' }
    }) as unknown as typeof window.matchMedia
    try {
      const { container } = await renderPage(Carousel, {
        props: { slides: SLIDES, onOpen: jest.fn(), intervalMs: 300 }
      })
      await new Promise((r) => setTimeout(r, 1000))
      expect(asked).toContain('(prefers-reduced-motion: reduce)')
      expect(activeDot(container)).toBe(0)
      const strip = container.querySelector('.carousel')!
      fireEvent.touchStart(strip, { touches: [{ clientX: 300 }] })
      fireEvent.touchEnd(strip, { changedTouches: [{ clientX: 100 }] })
      expect(activeDot(container)).toBe(1)
      await new Promise((r) => setTimeout(r, 1000))
      expect(activeDot(container)).toBe(1)
    } finally {
      delete (window as Partial<Window>).matchMedia
    }
  })

  it('shows one banner still, without dots', async () => {
    const { container } = await renderPage(Carousel, { props: { slides: SLIDES.slice(0, 1), onOpen: jest.fn() } })
    expect(container.querySelectorAll('.carousel__slide')).toHaveLength(1)
    expect(container.querySelector('.carousel__dots')).toBeNull()
  })
})
