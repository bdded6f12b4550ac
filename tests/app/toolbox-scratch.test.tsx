import { useState } from 'react'
import { View, Input, Picker, Text } from '@tarojs/components'
import { fireEvent } from '@testing-library/react'
import { renderPage, settle } from './render'

function Demo() {
  const [v, setV] = useState('')
  const [p, setP] = useState<number[]>([0, 0])
  const [d, setD] = useState('')
  return (
    <View>
      <Input className='in' value={v} onInput={(e) => setV(e.detail.value)} />
      <Picker className='pk' mode='multiSelector' range={[['a', 'b'], ['c', 'd']]} value={p} onChange={(e) => setP(e.detail.value as number[])}>
        <View className='pkv'>pick</View>
      </Picker>
      <Picker className='pd' mode='date' value='2000-01-01' start='1900-01-01' end='2100-12-31' onChange={(e) => setD(e.detail.value as string)}>
        <View>date</View>
      </Picker>
      <Text className='out'>{v}|{p.join(',')}|{d}</Text>
    </View>
  )
}

it('events', async () => {
  const { container } = await renderPage(Demo)
  console.log(container.innerHTML.slice(0, 1500))
  const input = container.querySelector('.in input') || container.querySelector('.in')
  fireEvent.input(input!, { target: { value: 'abc' } })
  await settle()
  console.log('A', container.querySelector('.out')!.textContent)
  const pk = container.querySelector('.pk')!
  fireEvent(pk, new CustomEvent('change', { detail: { value: [1, 1] }, bubbles: true }))
  await settle()
  console.log('B', container.querySelector('.out')!.textContent)
  const pd = container.querySelector('.pd')!
  fireEvent(pd, new CustomEvent('change', { detail: { value: '1990-05-15' }, bubbles: true }))
  await settle()
  console.log('C', container.querySelector('.out')!.textContent)
  console.log(typeof globalThis.crypto?.getRandomValues)
})
