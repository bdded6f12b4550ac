import type { OfflineClass } from '@contract'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'

import { checkMapKey } from '@/core/map'
import { appStore } from '@/stores'

export type MapClass = Pick<OfflineClass, 'class_id' | 'title' | 'city' | 'address' | 'latitude' | 'longitude'>
export interface ClassMapProps {
  classes: MapClass[]
  zoom?: number
}

/**
 * The map key from the server's configuration: the key once loaded, '' without one (the reason is
 * logged, docs/spec.md §8), undefined while loading.
 */
export function useMapKey(): string | undefined {
  const [key, setKey] = useState<string>()
  useEffect(() => {
    let alive = true
    appStore.loadConfig().then((config) => alive && setKey(checkMapKey(config?.map_key) ? config!.map_key.trim() : ''))
    return () => {
      alive = false
    }
  }, [])
  return key
}

/** Without a map (no key, or the map failed): the addresses stand in for it. */
export function PlaceList({ classes }: { classes: MapClass[] }) {
  return (
    <View className="class-map class-map--text">
      {classes.map((k) => (
        <View key={k.class_id} className="class-map__place">
          <View className="class-map__pin" />
          <Text className="class-map__address">
            {k.city} · {k.address}
          </Text>
        </View>
      ))}
    </View>
  )
}
