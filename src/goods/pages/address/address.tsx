import './address.scss'

import type { Address } from '@contract/shop'
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'

import { deleteAddress, getAddresses, setDefaultAddress } from '@/api/shop'
import { confirmed, reportFailure, toast } from '@/components/feedback'
import Page from '@/components/Page'
import Check from '@/components/shop/Check'
import { Empty, ErrorView, Loading } from '@/components/States'
import { CHECKOUT_QUERY, chooseForCheckout } from '@/goods/lib/address-choice'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useRemote } from '@/hooks/useRemote'
import { useUser } from '@/hooks/useUser'
import { navigateBack, navigateTo } from '@/navigation'

/** goods/pages/address/address: the user's addresses; opened from the checkout (?from=checkout) a tap chooses one. */
function AddressList() {
  const forCheckout = Taro.getCurrentInstance().router?.params.from === 'checkout'
  const loggedIn = useUser('登录后管理收货地址')
  const { data, error, reload } = useRemote(() => (loggedIn ? getAddresses() : Promise.resolve(undefined)), [loggedIn])
  usePullRefresh(reload)
  // Back from add or edit: show the change.
  useDidShow(() => {
    if (loggedIn && data) void reload()
  })

  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call()
      toast(done)
      await reload()
    } catch (e) {
      reportFailure(e)
    }
  }
  const remove = async (address: Address) => {
    if (await confirmed('删除地址', `确定删除 ${address.name} 的地址吗？`))
      await act(() => deleteAddress({ address_id: address.address_id }), '已删除')
  }
  const choose = (address: Address) => {
    if (!forCheckout) return
    chooseForCheckout(address.address_id)
    navigateBack()
  }
  const addUrl = `/goods/pages/address/add/add${forCheckout ? `?${CHECKOUT_QUERY}` : ''}`

  if (!loggedIn)
    return (
      <Page>
        <Empty text="登录后管理收货地址" />
      </Page>
    )
  return (
    <Page title={forCheckout ? '选择收货地址' : undefined}>
      {!data ? (
        error ? (
          <ErrorView message={error} onRetry={reload} />
        ) : (
          <Loading />
        )
      ) : data.list.length === 0 ? (
        <Empty text="还没有收货地址" />
      ) : (
        <View className="address__list">
          {data.list.map((address) => (
            <View key={address.address_id} className="address__item" data-address-id={address.address_id}>
              <View className="address__main" onClick={() => choose(address)}>
                <View className="address__who">
                  <Text className="address__name">{address.name}</Text>
                  <Text className="address__mobile">{address.mobile}</Text>
                  {address.is_default && <Text className="address__tag">默认</Text>}
                </View>
                <Text className="address__full">{address.full_address}</Text>
              </View>
              <View className="address__actions">
                <View className="address__default">
                  <Check
                    checked={address.is_default}
                    label="设为默认"
                    onChange={() =>
                      !address.is_default &&
                      act(() => setDefaultAddress({ address_id: address.address_id }), '已设为默认地址')
                    }
                  />
                  <Text className="address__default-text">{address.is_default ? '默认地址' : '设为默认'}</Text>
                </View>
                <Text
                  className="address__action address__edit"
                  onClick={() => navigateTo(`/goods/pages/address/edit/edit?address_id=${address.address_id}`)}
                >
                  编辑
                </Text>
                <Text className="address__action address__delete" onClick={() => remove(address)}>
                  删除
                </Text>
              </View>
            </View>
          ))}
        </View>
      )}
      <View className="address__bar-holder" />
      <View className="address__bar">
        <View className="address__add" onClick={() => navigateTo(addUrl)}>
          新增收货地址
        </View>
      </View>
    </Page>
  )
}

export default observer(AddressList)
