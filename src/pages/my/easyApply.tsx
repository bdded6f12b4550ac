import './union.scss'

import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { applyMembership } from '@/api/association'
import { TextField } from '@/components/activity/Field'
import { validateMobile, validateName } from '@/components/activity/validate'
import MembershipStatus from '@/components/association/MembershipStatus'
import { useMembership } from '@/components/association/useMembership'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { useFieldErrors } from '@/components/useFieldErrors'
import { errorMessage } from '@/core/errors'
import { useSubscribe } from '@/hooks/useSubscribe'
import { useUser } from '@/hooks/useUser'
import { navigateTo } from '@/navigation'

type Errors = Partial<Record<'name' | 'mobile' | 'specialty' | 'form', string>>

/** pages/my/easyApply: join quickly with a name and a mobile number; no dues, reviewed by the secretariat. */
function EasyApplyPage() {
  const loggedIn = useUser('登录后申请入会')
  const { remote, shown, reapply } = useMembership(loggedIn)
  const [name, setName] = useState('')
  const [mobile, setMobile] = useState('')
  const [specialty, setSpecialty] = useState('')
  const { errors, setErrors, editing } = useFieldErrors<Errors>()
  const [sending, setSending] = useState(false)
  // The review's result (入会申请审核结果) follows an application: the mini-program asks at the tap that sends it.
  const subscribe = useSubscribe('apply')

  const submit = async () => {
    const found: Errors = {
      name: validateName(name),
      mobile: validateMobile(mobile),
      specialty: specialty.trim().length > 64 ? '研究方向不能超过 64 字' : undefined
    }
    if (found.name || found.mobile || found.specialty) return setErrors(found)
    setErrors({})
    setSending(true)
    await subscribe()
    try {
      await applyMembership({ kind: 'easy', name: name.trim(), mobile: mobile.trim(), specialty: specialty.trim() })
      await remote.reload()
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    } finally {
      setSending(false)
    }
  }

  if (!loggedIn)
    return (
      <Page>
        <LoginRequired message="登录后才能申请入会" />
      </Page>
    )
  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  if (shown)
    return (
      <Page title="我的入会申请">
        <MembershipStatus application={shown} onChanged={remote.reload} onReapply={reapply} />
      </Page>
    )

  return (
    <Page>
      <View className="union">
        <Text className="union__intro">快速入会只需姓名与手机号，免缴会费，审核通过即可获得电子会员证。</Text>
        <TextField
          name="name"
          label="姓名"
          required
          value={name}
          placeholder="真实姓名"
          maxlength={16}
          error={errors.name}
          onChange={editing(setName, 'name')}
        />
        <TextField
          name="mobile"
          label="手机号"
          required
          type="number"
          value={mobile}
          placeholder="用于审核通知"
          maxlength={11}
          error={errors.mobile}
          onChange={editing(setMobile, 'mobile')}
        />
        <TextField
          name="specialty"
          label="研究方向"
          value={specialty}
          placeholder="选填，如八字、风水"
          maxlength={64}
          error={errors.specialty}
          onChange={editing(setSpecialty, 'specialty')}
        />
        {errors.form && <Text className="union__error">{errors.form}</Text>}
        <Button className="union__submit" loading={sending} disabled={sending} onClick={submit}>
          提交申请
        </Button>
        <Text className="union__link" onClick={() => navigateTo('/pages/my/union')}>
          想成为正式会员？填写完整申请 ›
        </Text>
      </View>
    </Page>
  )
}

export default observer(EasyApplyPage)
