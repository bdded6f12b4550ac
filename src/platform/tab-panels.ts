import { type ComponentType, createElement, lazy, Suspense } from 'react'

import { Loading } from '@/components/States'
import type { PanelProps } from '@/components/TabPage/panels'

/**
 * H5: each tab is its own route and shows only its own panel, so a panel's code loads on the
 * first visit of its tab rather than with the home route.
 */
function lazyPanel(load: () => Promise<{ default: ComponentType<PanelProps> }>) {
  const Panel = lazy(load)
  return (props: PanelProps): JSX.Element =>
    createElement(Suspense, { fallback: createElement(Loading) }, createElement(Panel, props))
}

export const ServicePanel = lazyPanel(() => import('@/components/service/ServicePanel'))
export const CoursePanel = lazyPanel(() => import('@/components/course/CoursePanel'))
export const CertificatePanel = lazyPanel(() => import('@/components/certificate/CertificatePanel'))
export const ShopPanel = lazyPanel(() => import('@/components/shop/ShopPanel'))
export const MinePanel = lazyPanel(() => import('@/components/Mine/MinePanel'))
