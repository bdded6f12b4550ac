import type { AddressAddRequest } from '@contract/shop'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'

import { addAddress } from '@/api/shop'
import { reportFailure, toast } from '@/components/feedback'
import Page from '@/components/Page'
import AddressForm from '@/components/shop/AddressForm'
import { Empty } from '@/components/States'
import { chooseForCheckout } from '@/goods/lib/address-choice'
import { useUser } from '@/hooks/useUser'
import { navigateBack } from '@/navigation'

/** goods/pages/address/add/add: a new address; from the checkout (?from=checkout) it is also chosen for the order. */
function AddAddress() {
  const forCheckout = Taro.getCurrentInstance().router?.params.from === 'checkout'
  const loggedIn = useUser('登录后添加收货地址')
  const save = async (form: AddressAddRequest) => {
    try {
      const { detail } = await addAddress(form)
      if (forCheckout) chooseForCheckout(detail.address_id)
      toast('地址已保存')
      navigateBack()
    } catch (e) {
      reportFailure(e)
    }
  }
  return (
    <Page>
      {loggedIn ? <AddressForm submitText="保存地址" onSubmit={save} /> : <Empty text="登录后添加收货地址" />}
    </Page>
  )
}

export default observer(AddAddress)
