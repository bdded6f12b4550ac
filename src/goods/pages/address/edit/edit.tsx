import type { AddressAddRequest } from '@contract/shop'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'

import { editAddress, getAddress } from '@/api/shop'
import { reportFailure, toast } from '@/components/feedback'
import Page from '@/components/Page'
import AddressForm from '@/components/shop/AddressForm'
import { Empty, ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'
import { useUser } from '@/hooks/useUser'
import { navigateBack } from '@/navigation'

/** goods/pages/address/edit/edit?address_id=: change an address. */
function EditAddress() {
  const addressId = Number(Taro.getCurrentInstance().router?.params.address_id) || 0
  const loggedIn = useUser('登录后编辑收货地址')
  const { data, error, reload } = useRemote(
    () => (loggedIn && addressId ? getAddress({ address_id: addressId }) : Promise.resolve(undefined)),
    [loggedIn, addressId]
  )
  const save = async (form: AddressAddRequest) => {
    try {
      await editAddress({ ...form, address_id: addressId })
      toast('地址已保存')
      navigateBack()
    } catch (e) {
      reportFailure(e)
    }
  }
  if (!addressId)
    return (
      <Page>
        <ErrorView message="地址不存在：缺少地址编号" />
      </Page>
    )
  if (!loggedIn)
    return (
      <Page>
        <Empty text="登录后编辑收货地址" />
      </Page>
    )
  return (
    <Page>
      {data ? (
        <AddressForm initial={data.detail} submitText="保存修改" onSubmit={save} />
      ) : error ? (
        <ErrorView message={error} onRetry={reload} />
      ) : (
        <Loading />
      )}
    </Page>
  )
}

export default observer(EditAddress)
