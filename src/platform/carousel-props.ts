export interface CarouselSlide {
  id: number
  image: string
  title: string
}

export interface CarouselProps<S extends CarouselSlide = CarouselSlide> {
  slides: S[]
  className?: string
  onOpen(slide: S): void
  /** How long a slide shows before the next, in ms (browser carousel). */
  intervalMs?: number
}

/** How long a slide shows before the next, in ms. */
export const CAROUSEL_INTERVAL_MS = 4000
