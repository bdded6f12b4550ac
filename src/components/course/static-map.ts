import { MAP_ZOOM } from '@/core/constants'

import type { MapClass } from './class-map-shared'

/** Tencent's static map service: the provider behind WeChat's maps, so one key serves both builds. */
export const STATIC_MAP_BASE = 'https://apis.map.qq.com/ws/staticmap/v2/'

/** CSS size of the map picture (375px design width less the card padding; see ClassMap.scss). */
export const STATIC_MAP_SIZE = { width: 343, height: 180 }

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

/**
 * Centre and zoom showing every class: one place (or all in one spot) at the default zoom 16,
 * several fitted into the picture with a margin, never outside zoom 5 to 18.
 */
export function fitView(
  classes: Pick<MapClass, 'latitude' | 'longitude'>[],
  size = STATIC_MAP_SIZE,
  initial = MAP_ZOOM.default
) {
  const lats = classes.map((k) => k.latitude)
  const lngs = classes.map((k) => k.longitude)
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)]
  const center = { latitude: (south + north) / 2, longitude: (west + east) / 2 }
  const latSpan = (north - south) * 1.5
  const lngSpan = (east - west) * 1.5
  if (latSpan < 1e-6 && lngSpan < 1e-6) return { ...center, zoom: clamp(initial, MAP_ZOOM.min, MAP_ZOOM.max) }
  // At zoom z the world is 256 * 2^z px wide: 360 degrees of longitude, ~180 of (mercator) latitude.
  const byLng = lngSpan > 0 ? Math.log2((size.width * 360) / (256 * lngSpan)) : Infinity
  const byLat = latSpan > 0 ? Math.log2((size.height * 180) / (256 * latSpan)) : Infinity
  return { ...center, zoom: clamp(Math.floor(Math.min(byLng, byLat, initial)), MAP_ZOOM.min, MAP_ZOOM.max) }
}

const point = (lat: number, lng: number) => `${lat.toFixed(6)},${lng.toFixed(6)}`

/** The picture address: every class a marker, drawn at twice the CSS size for sharp screens. */
export function staticMapUrl(key: string, classes: Pick<MapClass, 'latitude' | 'longitude'>[], zoom?: number): string {
  const view = fitView(classes)
  const markers = ['size:large', 'color:red', ...classes.map((k) => point(k.latitude, k.longitude))]
  const params = [
    `center=${point(view.latitude, view.longitude)}`,
    `zoom=${classes.length > 1 ? view.zoom : clamp(zoom ?? view.zoom, MAP_ZOOM.min, MAP_ZOOM.max)}`,
    `size=${STATIC_MAP_SIZE.width}*${STATIC_MAP_SIZE.height}`,
    'scale=2',
    `markers=${encodeURIComponent(markers.join('|'))}`,
    `key=${encodeURIComponent(key)}`
  ]
  return `${STATIC_MAP_BASE}?${params.join('&')}`
}
