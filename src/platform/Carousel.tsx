import './carousel.scss'

import { type TouchEvent, useEffect, useRef, useState } from 'react'

import { hideBootBanner } from './boot-banner'
import { CAROUSEL_INTERVAL_MS, type CarouselProps, type CarouselSlide } from './carousel-props'
import { Picture } from './plain'

/** A horizontal swipe shorter than this is a tap. */
const SWIPE_PX = 40

/**
 * Browser side of the banner carousel (the mini-program's is Carousel.weapp.tsx, the native swiper):
 * a sliding row with autoplay, looping, indicator dots, swipe and tap. Taro's H5 Swiper would bring the
 * whole Swiper library onto the home route, the heaviest thing on it; plain elements, as Taro's components
 * each run a web component's render cycle (./plain.tsx).
 */
export default function Carousel<S extends CarouselSlide>({
  slides,
  className = '',
  onOpen,
  intervalMs = CAROUSEL_INTERVAL_MS
}: CarouselProps<S>) {
  const [index, setIndex] = useState(0)
  const touchX = useRef<number | null>(null)
  const box = useRef<HTMLDivElement>(null)
  const count = slides.length
  const current = count ? index % count : 0

  // index.html draws the home's first banner over this box before the app's code has run; it is hidden
  // once this carousel's own first picture has been painted in its place, so nothing flickers.
  useEffect(() => hideBootBanner(box.current?.querySelector('img')), [])

  useEffect(() => {
    // A reader who asked the system for less motion moves the banners themselves (WCAG 2.2.2, 2.3.3).
    if (count < 2 || stillWanted()) return
    // Restarted on every move, so a slide reached by a swipe or a dot gets its full time too.
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs)
    return () => clearInterval(timer)
  }, [count, index, intervalMs])

  const swipe = (endX: number) => {
    const start = touchX.current
    touchX.current = null
    if (start === null || Math.abs(endX - start) < SWIPE_PX || count < 2) return
    setIndex((current + (endX < start ? 1 : count - 1)) % count)
  }

  return (
    <div
      ref={box}
      className={`carousel ${className}`}
      onTouchStart={(e: TouchEvent) => (touchX.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e: TouchEvent) => swipe(e.changedTouches[0]?.clientX ?? 0)}
    >
      <div className="carousel__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {slides.map((slide, i) => (
          <div key={slide.id} className="carousel__slide" onClick={() => onOpen(slide)}>
            {/* Slides out of sight are fetched after the first paint, which waits for the first alone. */}
            <Picture
              className="carousel__image"
              src={slide.image}
              mode="aspectFill"
              aria-label={slide.title}
              lazyLoad={i > 0}
            />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__dots">
          {slides.map((slide, i) => (
            <div
              key={slide.id}
              className={`carousel__dot${i === current ? ' carousel__dot--on' : ''}`}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </div>
  )
}

const stillWanted = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
