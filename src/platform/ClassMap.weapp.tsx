import './ClassMap.scss'

import { Map } from '@tarojs/components'
import { useState } from 'react'

import { type ClassMapProps, PlaceList, useMapKey } from '@/components/course/class-map-shared'
import { MAP_ZOOM } from '@/core/constants'

/**
 * Mini-program: WeChat's own map (its provider's key is the app's location-service key) with a marker
 * per class when a map key is configured, otherwise (the reason is logged) the addresses alone.
 */
export default function ClassMap({ classes, zoom = MAP_ZOOM.default }: ClassMapProps) {
  const key = useMapKey()
  const [failed, setFailed] = useState(false)
  if (!classes.length) return null
  // While the configuration loads, and without a map, the addresses.
  if (!key || failed) return <PlaceList classes={classes} />
  const [first] = classes
  return (
    <Map
      className="class-map"
      latitude={first.latitude}
      longitude={first.longitude}
      scale={zoom}
      minScale={MAP_ZOOM.min}
      maxScale={MAP_ZOOM.max}
      markers={classes.map((k) => ({
        id: k.class_id,
        latitude: k.latitude,
        longitude: k.longitude,
        title: `${k.city} · ${k.title}`,
        iconPath: '',
        width: 24,
        height: 32
      }))}
      onError={() => setFailed(true)}
    />
  )
}
