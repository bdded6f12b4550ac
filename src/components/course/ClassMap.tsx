import { useEffect, useState } from 'react'
import { Map, Text, View } from '@tarojs/components'
import type { OfflineClass } from '../../api/contract'
import { checkMapKey } from '../../core/map'
import { appStore } from '../../stores'
import './ClassMap.scss'

/** Spec 9: map zoom 5 to 18, default 16. */
const ZOOM = { min: 5, max: 18, initial: 16 }

/**
 * Where classes take place: a map with a marker per class when a map key is configured, otherwise
 * (the reason is logged) the addresses alone.
 */
export default function ClassMap({ classes, zoom = ZOOM.initial }: { classes: Pick<OfflineClass, 'class_id' | 'title' | 'city' | 'address' | 'latitude' | 'longitude'>[]; zoom?: number }) {
  const [hasKey, setHasKey] = useState<boolean>()
  useEffect(() => {
    let alive = true
    appStore.loadConfig().then((config) => alive && setHasKey(checkMapKey(config?.map_key)))
    return () => {
      alive = false
    }
  }, [])
  if (!classes.length) return null
  const [first] = classes
  if (hasKey) {
    return (
      <Map
        className='class-map'
        latitude={first.latitude}
        longitude={first.longitude}
        scale={zoom}
        minScale={ZOOM.min}
        maxScale={ZOOM.max}
        markers={classes.map((k) => ({ id: k.class_id, latitude: k.latitude, longitude: k.longitude, title: `${k.city} · ${k.title}`, iconPath: '', width: 24, height: 32 }))}
        onError={() => setHasKey(false)}
      />
    )
  }
  return (
    <View className='class-map class-map--text'>
      {classes.map((k) => (
        <View key={k.class_id} className='class-map__place'>
          <View className='class-map__pin' />
          <Text className='class-map__address'>
            {k.city} · {k.address}
          </Text>
        </View>
      ))}
    </View>
  )
}
