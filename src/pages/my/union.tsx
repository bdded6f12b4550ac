import './union.scss'

import { Button, Image, Picker, Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { applyMembership, getInduction } from '@/api/association'
import { Field, TextField } from '@/components/activity/Field'
import MembershipStatus from '@/components/association/MembershipStatus'
import { payDues } from '@/components/association/pay-dues'
import {
  EMPTY_UNION,
  MAX_ATTACHMENTS,
  type UnionDraft,
  type UnionErrors,
  validateUnion
} from '@/components/association/union-form'
import { useMembership } from '@/components/association/useMembership'
import EducationField from '@/components/certificate/EducationField'
import PhotoField from '@/components/certificate/PhotoField'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { useFieldErrors } from '@/components/useFieldErrors'
import VirtualGoodsNote from '@/components/VirtualGoodsNote'
import { errorMessage } from '@/core/errors'
import { formatFen } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { useSubscribe } from '@/hooks/useSubscribe'
import { useUser } from '@/hooks/useUser'
import { chooseAndUploadImages } from '@/platform/image'
import { canBuyVirtualGoods } from '@/platform/virtual-goods'

const GENDERS = ['男', '女'] as const

/**
 * pages/my/union: the full membership application (profile, ID photo, documents), dues, then the review and member
 * card.
 */
function UnionPage() {
  const loggedIn = useUser('登录后申请入会')
  const { remote, shown, reapply } = useMembership(loggedIn)
  const induction = useRemote(getInduction, [])
  const [draft, setDraft] = useState<UnionDraft>(EMPTY_UNION)
  const { errors, setErrors, edited } = useFieldErrors<UnionErrors>()
  const [sending, setSending] = useState(false)
  // The review's result (入会申请审核结果) follows an application: the mini-program asks at the tap that sends it.
  const subscribe = useSubscribe('apply')
  const set =
    <K extends keyof UnionDraft>(key: K) =>
    (value: UnionDraft[K]) => {
      setDraft((d) => ({ ...d, [key]: value }))
      edited(key)
    }

  const addDocs = async () => {
    try {
      const docs = await chooseAndUploadImages(MAX_ATTACHMENTS - draft.attachments.length, { private: true })
      setDraft((d) => ({ ...d, attachments: [...d.attachments, ...docs].slice(0, MAX_ATTACHMENTS) }))
    } catch (e) {
      setErrors((old) => ({ ...old, attachments: `材料上传失败：${errorMessage(e)}` }))
    }
  }

  const submit = async () => {
    const found = validateUnion(draft)
    setErrors(found)
    if (Object.keys(found).length) return
    setSending(true)
    await subscribe()
    try {
      const res = await applyMembership({
        kind: 'full',
        name: draft.name.trim(),
        mobile: draft.mobile.trim(),
        id_number: draft.id_number.trim().toUpperCase(),
        gender: draft.gender as '男' | '女',
        education: draft.education,
        work_unit: draft.work_unit.trim(),
        specialty: draft.specialty.trim(),
        intro: draft.intro.trim(),
        photo_file_id: draft.photo!.file_id,
        attachment_file_ids: draft.attachments.map((a) => a.file_id)
      })
      if (res.status === 'unpaid') {
        const outcome = await payDues(res.application_id).catch((e) => {
          Taro.showToast({ title: errorMessage(e), icon: 'none' })
          return 'cancelled' as const
        })
        if (outcome === 'paid') Taro.showToast({ title: '会费已缴纳，等待审核', icon: 'success' })
      }
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
  const dues = induction.data?.dues ?? 0

  return (
    <Page>
      <View className="union">
        <Text className="union__intro">
          正式会员享有全部会员权益{dues > 0 ? `，年度会费 ${formatFen(dues)}，提交后在线缴纳` : ''}
          。资料经秘书处审核通过后颁发电子会员证。
        </Text>
        <Text className="union__section">基本信息</Text>
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
        <Field label="性别" required error={errors.gender}>
          <Picker mode="selector" range={[...GENDERS]} onChange={(e) => set('gender')(GENDERS[Number(e.detail.value)])}>
            <Text className={`form-field__picker${draft.gender ? '' : ' form-field__picker--empty'}`}>
              {draft.gender || '请选择性别'}
            </Text>
          </Picker>
        </Field>
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
          placeholder="用于审核通知"
          maxlength={11}
          error={errors.mobile}
          onChange={set('mobile')}
        />
        <EducationField value={draft.education} error={errors.education} onChange={set('education')} />
        <TextField
          name="work_unit"
          label="工作单位"
          value={draft.work_unit}
          placeholder="选填"
          maxlength={64}
          error={errors.work_unit}
          onChange={set('work_unit')}
        />
        <Text className="union__section">专业信息</Text>
        <TextField
          name="specialty"
          label="研究方向"
          required
          value={draft.specialty}
          placeholder="如：八字命理、风水堪舆"
          maxlength={64}
          error={errors.specialty}
          onChange={set('specialty')}
        />
        <Field label="个人简介" required multiline error={errors.intro}>
          <Textarea
            className="union__textarea"
            placeholder="学习与从业经历，10 到 500 字"
            maxlength={500}
            value={draft.intro}
            onInput={(e) => set('intro')(e.detail.value)}
          />
        </Field>
        <PhotoField
          label="证件照"
          hint="近期免冠照片，将用于会员证"
          value={draft.photo}
          error={errors.photo}
          onChange={set('photo')}
        />
        <Text className="union__section">证明材料（选填，最多 {MAX_ATTACHMENTS} 张：证书、著作、获奖等）</Text>
        <View className="union__docs">
          {draft.attachments.map((a) => (
            <Image
              key={a.file_id}
              className="union__doc"
              src={a.url}
              mode="aspectFill"
              onClick={() => set('attachments')(draft.attachments.filter((x) => x.file_id !== a.file_id))}
            />
          ))}
          {draft.attachments.length < MAX_ATTACHMENTS && (
            <Text className="union__doc-add" onClick={addDocs}>
              +
            </Text>
          )}
        </View>
        {errors.attachments && <Text className="union__error">{errors.attachments}</Text>}
        {errors.form && <Text className="union__error">{errors.form}</Text>}
        {dues > 0 && !canBuyVirtualGoods() ? (
          <VirtualGoodsNote className="union__virtual-note" />
        ) : (
          <Button className="union__submit" loading={sending} disabled={sending} onClick={submit}>
            {dues > 0 ? `提交并缴纳会费 ${formatFen(dues)}` : '提交申请'}
          </Button>
        )}
      </View>
    </Page>
  )
}

export default observer(UnionPage)
