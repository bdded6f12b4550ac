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
  const shown = useSectionsShown(data?.sections.length ?? 0)
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
      {data.sections.slice(0, shown).map((section) => (
        <Section key={section.key} section={section} />
      ))}
      {empty && <Empty text="暂无内容，下拉刷新试试" />}
    </Box>
  )
}

/** Sections drawn with the first screen: none, the first screen being banners, notices and icons. */
const FIRST_SECTIONS = 0

/**
 * How many sections to draw: none with the first screen (banners, notices, icon grid), which is laid out
 * and painted alone; then one more section per task, each rendered as a transition, which React renders
 * in slices of a few milliseconds: neither does the first paint wait for what is below the fold, nor does
 * a slow phone's main thread go long without answering a tap (Lighthouse's LCP and total blocking time,
 * docs/design.md).
 */
function useSectionsShown(total: number): number {
  const [shown, setShown] = useState(FIRST_SECTIONS)
  useEffect(() => {
    if (shown >= total) return
    const next = () => startTransition(() => setShown((n) => n + 1))
    if (shown === FIRST_SECTIONS) return afterPaint(next)
    const timer = setTimeout(next, 0)
    return () => clearTimeout(timer)
  }, [shown, total])
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
