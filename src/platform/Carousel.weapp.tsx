import { Image, Swiper, SwiperItem } from '@tarojs/components'

import type { CarouselProps, CarouselSlide } from './carousel-props'

/** Mini-program side of Carousel.tsx: the native swiper, which costs the package nothing. */
export default function Carousel<S extends CarouselSlide>({ slides, className, onOpen }: CarouselProps<S>) {
  return (
    <Swiper className={className} autoplay circular indicatorDots indicatorActiveColor="#F57C00">
      {slides.map((slide) => (
        <SwiperItem key={slide.id} onClick={() => onOpen(slide)}>
          <Image className="carousel__image" src={slide.image} mode="aspectFill" aria-label={slide.title} />
        </SwiperItem>
      ))}
    </Swiper>
  )
}
