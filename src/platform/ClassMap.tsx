import './ClassMap.scss'

import { Image } from '@tarojs/components'
import { useState } from 'react'

import { type ClassMapProps, PlaceList, useMapKey } from '@/components/course/class-map-shared'
import { staticMapUrl } from '@/components/course/static-map'
import { MAP_ZOOM } from '@/core/constants'

/**
 * Browser: where classes take place, as a map picture drawn by the map provider with OUR key and a
 * marker per class (Taro's H5 <Map> loads Baidu's script with a key of its own and ignores ours).
 * Without a key (the reason is logged), or when the picture cannot load, the addresses alone.
 */
export default function ClassMap({ classes, zoom = MAP_ZOOM.default }: ClassMapProps) {
  const key = useMapKey()
  const [failed, setFailed] = useState(false)
  if (!classes.length) return null
  // While the configuration loads, and without a map, the addresses.
  if (!key || failed) return <PlaceList classes={classes} />
  return (
    <Image
      className="class-map class-map--static"
      mode="aspectFill"
      src={staticMapUrl(key, classes, zoom)}
      onError={() => setFailed(true)}
    />
  )
}
