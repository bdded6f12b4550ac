import './HomeView.scss'

import type { HomeNotice, HomeResponse, HomeSection, NavItem } from '@contract'
import { startTransition, useEffect, useState } from 'react'

import { Empty, ErrorView, Loading } from '@/components/States'
import { formatFen } from '@/core/format'
import type { Remote } from '@/hooks/useRemote'
import { openLink } from '@/navigation'
import { afterPaint } from '@/platform/after-paint'
import { hideBootBanner } from '@/platform/boot-banner'
import Carousel from '@/platform/Carousel'
import { Box, Label, Picture } from '@/platform/plain'

/** The home screen: banners, the icon grid and the recommended sections, all from the server. */
export default function HomeView({ data, error, reload }: Remote<HomeResponse>) {
  const sectionsShown = useSectionsShown(Boolean(data?.sections.length))
  const noCarousel = Boolean(error) || data?.banners.length === 0
  // The banner index.html drew early stays only under a carousel (which hides it once it has painted).
  useEffect(() => {
    if (noCarousel) hideBootBanner()
  }, [noCarousel])
  if (!data) {
    if (error) return <ErrorView message={error} onRetry={reload} />
    return <Loading />
  }
  const { notices } = data
  const empty = !data.banners.length && !data.nav.length && !data.sections.length && !notices.length
  return (
    <Box className="home">
      {data.banners.length > 0 && (
        <Carousel className="home__banners" slides={data.banners} onOpen={(banner) => openLink(banner.url)} />
      )}
      {notices.length > 0 && <Notices items={notices} />}
      {data.nav.length > 0 && <NavGrid items={data.nav} />}
      {sectionsShown && data.sections.map((section) => <Section key={section.key} section={section} />)}
      {empty && <Empty text="暂无内容，下拉刷新试试" />}
    </Box>
  )
}

/**
 * Whether to draw the sections: not with the first screen (banners, notices, icon grid), which is laid out
 * and painted alone; once it has painted, all of them, rendered as one transition, which React renders in
 * slices of a few milliseconds: the first paint does not wait for what is below the fold, and a slow phone's
 * main thread does not go long without answering a tap. Only the sections near the screen are laid out then;
 * the rest wait until scrolled near (HomeView.scss). Drawn one section per task, each was a frame of its own,
 * with the home laid out again for each: twice the blocking time on Lighthouse's phone
 * (docs/home-vs-empty-taro.md).
 */
function useSectionsShown(ready: boolean): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!ready || shown) return
    return afterPaint(() => startTransition(() => setShown(true)))
  }, [ready, shown])
  return shown
}

/** 公告: one line each; a notice with a link opens it. */
function Notices({ items }: { items: HomeNotice[] }) {
  return (
    <Box className="home__notices">
      <Label className="home__notices-label">公告</Label>
      <Box className="home__notices-list">
        {items.map((n) => (
          <Box
            key={n.id}
            className={`home__notice${n.url ? ' home__notice--link' : ''}`}
            onClick={() => n.url && openLink(n.url)}
          >
            <Label className="home__notice-title">{n.title}</Label>
            {n.url && <Label className="home__notice-more">›</Label>}
          </Box>
        ))}
      </Box>
    </Box>
  )
}

/**
 * The icons are fetched once the first screen is painted (lazyLoad; they are on it, so right after): the
 * first paint waits for the banner alone, not for a dozen icon requests besides.
 */
function NavGrid({ items }: { items: NavItem[] }) {
  return (
    <Box className="home__nav">
      {items.map((item) => (
        <Box key={item.id} className="home__nav-item" onClick={() => openLink(item.url)}>
          <Picture className="home__nav-icon" src={item.icon} mode="aspectFit" lazyLoad />
          <Label className="home__nav-title">{item.title}</Label>
        </Box>
      ))}
    </Box>
  )
}

function Section({ section }: { section: HomeSection }) {
  if (!section.items.length) return null
  return (
    <Box className="home__section">
      <Box className="home__section-head">
        <Label className="home__section-title">{section.title}</Label>
        {section.more_url && (
          <Label className="home__section-more" onClick={() => openLink(section.more_url)}>
            更多
          </Label>
        )}
      </Box>
      {section.items.map((item) => (
        <Box key={item.id} className="home__item" onClick={() => openLink(item.url)}>
          {item.image && <Picture className="home__item-image" src={item.image} mode="aspectFill" lazyLoad />}
          <Box className="home__item-body">
            <Label className="home__item-title">{item.title}</Label>
            {item.subtitle && <Label className="home__item-subtitle">{item.subtitle}</Label>}
            <Box className="home__item-foot">
              {item.price !== undefined && item.price !== null && (
                <Label className="home__item-price">{formatFen(item.price)}</Label>
              )}
              {item.tag && <Label className="home__item-tag">{item.tag}</Label>}
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  )
}
