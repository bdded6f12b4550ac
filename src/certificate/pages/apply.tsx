import './apply.scss'

import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { applyCertificate, getCertificate, payCertificate } from '@/api/certificate'
import { TextField } from '@/components/activity/Field'
import { type ApplyDraft, type ApplyErrors, EMPTY_DRAFT, validateApply } from '@/components/certificate/apply-form'
import EducationField from '@/components/certificate/EducationField'
import PhotoField from '@/components/certificate/PhotoField'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { useFieldErrors } from '@/components/useFieldErrors'
import VirtualGoodsNote from '@/components/VirtualGoodsNote'
import { errorMessage } from '@/core/errors'
import { formatFen } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { useSubscribe } from '@/hooks/useSubscribe'
import { useUser } from '@/hooks/useUser'
import { redirectTo } from '@/navigation'
import { payOrder } from '@/platform/pay'
import { canBuyVirtualGoods } from '@/platform/virtual-goods'

const MINE = '/pages/my/certificate'

/**
 * certificate/pages/apply: the applicant's details and ID photo, then the fee; the review follows in my registrations.
 */
function CertificateApplyPage() {
  const certificateId = Number(Taro.getCurrentInstance().router?.params.certificate_id) || 0
  const loggedIn = useUser('登录后报名证书')
  const remote = useRemote(() => getCertificate({ certificate_id: certificateId }), [certificateId])
  const [draft, setDraft] = useState<ApplyDraft>(EMPTY_DRAFT)
  const { errors, setErrors, edited } = useFieldErrors<ApplyErrors>()
  const [sending, setSending] = useState(false)
  const [unpaidId, setUnpaidId] = useState(0)
  // The review's result (证书申请审核结果) is what follows an application: the mini-program asks at its taps.
  const subscribe = useSubscribe('apply')

  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const c = remote.data.detail
  const set =
    <K extends keyof ApplyDraft>(key: K) =>
    (value: ApplyDraft[K]) => {
      setDraft((d) => ({ ...d, [key]: value }))
      edited(key)
    }

  const pay = async (applicationId: number) => {
    try {
      if ((await payOrder(await payCertificate({ application_id: applicationId }))) === 'paid') {
        Taro.showToast({ title: '缴费成功，等待审核', icon: 'success' })
        return void redirectTo(MINE)
      }
      setErrors({ form: '支付已取消，报名已保存，可稍后缴费' })
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    }
    setUnpaidId(applicationId)
  }

  const payLater = async () => {
    await subscribe()
    await pay(unpaidId)
  }

  const submit = async () => {
    if (!loggedIn) return
    const found = validateApply(draft, c.required_fields)
    setErrors(found)
    if (Object.keys(found).length) return
    setSending(true)
    await subscribe()
    try {
      const res = await applyCertificate({
        certificate_id: c.certificate_id,
        name: draft.name.trim(),
        id_number: draft.id_number.trim().toUpperCase(),
        mobile: draft.mobile.trim(),
        education: draft.education || undefined,
        work_unit: draft.work_unit.trim(),
        photo_file_id: draft.photo!.file_id
      })
      if (res.status === 'unpaid') await pay(res.application_id)
      else redirectTo(MINE)
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    } finally {
      setSending(false)
    }
  }

  return (
    <Page>
      <View className="cert-apply">
        <View className="cert-apply__head">
          <Text className="cert-apply__title">{c.title}</Text>
          <Text className="cert-apply__fee">报名费 {formatFen(c.fee)}</Text>
        </View>
        <Text className="cert-apply__section">报名信息（请与身份证一致）</Text>
        <TextField
          name="name"
          label="姓名"
          required
          value={draft.name}
          placeholder="真实姓名"
          maxlength={16}
          error={errors.name}
          onChange={set('name')}
        />
        <TextField
          name="id_number"
          label="身份证号"
          required
          type="idcard"
          value={draft.id_number}
          placeholder="18 位身份证号"
          maxlength={18}
          error={errors.id_number}
          onChange={set('id_number')}
        />
        <TextField
          name="mobile"
          label="手机号"
          required
          type="number"
          value={draft.mobile}
          placeholder="用于审核与考试通知"
          maxlength={11}
          error={errors.mobile}
          onChange={set('mobile')}
        />
        <EducationField
          value={draft.education}
          required={c.required_fields.includes('education')}
          error={errors.education}
          onChange={set('education')}
        />
        <TextField
          name="work_unit"
          label="工作单位"
          required={c.required_fields.includes('work_unit')}
          value={draft.work_unit}
          placeholder={c.required_fields.includes('work_unit') ? '所在单位全称' : '选填'}
          maxlength={64}
          error={errors.work_unit}
          onChange={set('work_unit')}
        />
        <PhotoField
          label="证件照"
          hint="近期免冠照片，白底或蓝底"
          value={draft.photo}
          error={errors.photo}
          onChange={set('photo')}
        />
        {errors.form && <Text className="cert-apply__error">{errors.form}</Text>}
        {c.fee > 0 && !canBuyVirtualGoods() ? (
          <VirtualGoodsNote className="cert-apply__virtual-note" />
        ) : unpaidId ? (
          <Button className="cert-apply__submit" onClick={payLater}>
            继续缴费 {formatFen(c.fee)}
          </Button>
        ) : (
          <Button className="cert-apply__submit" loading={sending} disabled={sending} onClick={submit}>
            {c.fee > 0 ? `提交并缴费 ${formatFen(c.fee)}` : '提交报名'}
          </Button>
        )}
        <Text className="cert-apply__note">提交后 3 个工作日内完成资格审核，结果可在“我的证书报名”中查看。</Text>
      </View>
    </Page>
  )
}

export default observer(CertificateApplyPage)
