import '../../components/service/service.scss'
import './reservation.scss'

import { Input, Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { bookService, getService, getServiceSlots, payServiceOrder } from '@/api/service'
import Page from '@/components/Page'
import { bookingProblem, chinaTime, slotDays } from '@/components/service/slots'
import TeacherPicker from '@/components/service/TeacherPicker'
import { Empty, ErrorView, Loading } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { formatFen } from '@/core/format'
import { payNotice } from '@/core/pay-deadline'
import { useRemote } from '@/hooks/useRemote'
import { useSubscribe } from '@/hooks/useSubscribe'
import { redirectTo } from '@/navigation'
import { payOrder } from '@/platform/pay'

/** Booking: choose a teacher and a free hour, leave a name and mobile, pay. */
export default function ReservationPage() {
  const params = Taro.getCurrentInstance().router?.params ?? {}
  const serviceId = Number(params.service_id) || 0
  const service = useRemote(() => getService({ service_id: serviceId }), [serviceId])
  const [picked, setPicked] = useState(Number(params.teacher_id) || 0)
  const teachers = service.data?.detail.teachers ?? []
  const teacherId = teachers.some((t) => t.teacher_id === picked) ? picked : (teachers[0]?.teacher_id ?? 0)
  const slots = useRemote(
    () => (teacherId ? getServiceSlots({ teacher_id: teacherId }) : Promise.resolve({ list: [] })),
    [teacherId]
  )
  const [dayKey, setDayKey] = useState('')
  const [slotId, setSlotId] = useState(0)
  const [name, setName] = useState('')
  const [mobile, setMobile] = useState('')
  const [remark, setRemark] = useState('')
  const [problem, setProblem] = useState('')
  const [sending, setSending] = useState(false)
  const subscribe = useSubscribe('book')

  const s = service.data?.detail
  if (!s)
    return <Page>{service.error ? <ErrorView message={service.error} onRetry={service.reload} /> : <Loading />}</Page>

  const days = slotDays(slots.data?.list ?? [])
  const day = days.find((d) => d.key === dayKey) ?? days[0]
  const chosenSlot = slots.data?.list.find((x) => x.slot_id === slotId && x.free)

  const chooseTeacher = (id: number) => {
    setPicked(id)
    setSlotId(0)
    setDayKey('')
  }

  const submit = async () => {
    const wrong = bookingProblem({ slotId: chosenSlot?.slot_id ?? 0, name, mobile, remark })
    if (wrong) return setProblem(wrong)
    setProblem('')
    setSending(true)
    // Within the tap, before the booking's requests: the mini-program asks for the booking's messages.
    await subscribe()
    try {
      const order = await bookService({
        service_id: s.service_id,
        teacher_id: teacherId,
        slot_id: slotId,
        name: name.trim(),
        mobile: mobile.trim(),
        remark: remark.trim()
      })
      const outcome = await payOrder(await payServiceOrder({ order_id: order.order_id }))
      Taro.showToast({ title: outcome === 'paid' ? '预约成功' : payNotice(order.pay_deadline), icon: 'none' })
      redirectTo('/pages/my/service')
    } catch (e) {
      setProblem(errorMessage(e))
      slots.reload()
    } finally {
      setSending(false)
    }
  }

  return (
    <Page title={`预约 · ${s.title}`}>
      <View className="reserve">
        <View className="service-section">
          <Text className="service-section__title">选择老师</Text>
          <TeacherPicker teachers={teachers} chosen={teacherId} onChoose={chooseTeacher} />
        </View>
        <View className="service-section">
          <Text className="service-section__title">选择时段</Text>
          {!slots.data ? (
            slots.error ? (
              <ErrorView message={slots.error} onRetry={slots.reload} />
            ) : (
              <Loading />
            )
          ) : !days.length ? (
            <Empty text="近期暂无可约时段" />
          ) : (
            <View>
              <View className="reserve__days">
                {days.map((d) => (
                  <View
                    key={d.key}
                    className={`reserve__day${d.key === day?.key ? ' reserve__day--on' : ''}`}
                    onClick={() => setDayKey(d.key)}
                  >
                    <Text className="reserve__weekday">{d.weekday}</Text>
                    <Text className="reserve__date">{d.label}</Text>
                  </View>
                ))}
              </View>
              <View className="reserve__slots">
                {day?.slots.map((x) => (
                  <Text
                    key={x.slot_id}
                    data-slot={x.slot_id}
                    className={
                      `reserve__slot` +
                      `${!x.free ? ' reserve__slot--taken' : x.slot_id === slotId ? ' reserve__slot--on' : ''}`
                    }
                    onClick={() => x.free && setSlotId(x.slot_id)}
                  >
                    {chinaTime(x.starts_at).time}
                    {x.free ? '' : ' 已约'}
                  </Text>
                ))}
              </View>
            </View>
          )}
        </View>
        <View className="service-section">
          <Text className="service-section__title">联系人</Text>
          <View className="reserve__field">
            <Text className="reserve__label">姓名</Text>
            <Input
              className="reserve__input reserve__name"
              placeholder="请填写真实姓名"
              maxlength={16}
              value={name}
              onInput={(e) => setName(e.detail.value)}
            />
          </View>
          <View className="reserve__field">
            <Text className="reserve__label">手机号</Text>
            <Input
              className="reserve__input reserve__mobile"
              type="number"
              placeholder="老师将通过此号码联系您"
              maxlength={11}
              value={mobile}
              onInput={(e) => setMobile(e.detail.value)}
            />
          </View>
          <Textarea
            className="reserve__remark"
            placeholder="想咨询的问题（选填）"
            maxlength={300}
            value={remark}
            onInput={(e) => setRemark(e.detail.value)}
          />
        </View>
        {!!problem && <Text className="reserve__problem">{problem}</Text>}
      </View>
      <View className="service-bar reserve__bar">
        <View className="reserve__summary">
          <Text className="reserve__price">{formatFen(s.price)}</Text>
          <Text className="reserve__when">
            {chosenSlot
              ? `${chinaTime(chosenSlot.starts_at).date} ${chinaTime(chosenSlot.starts_at).time}`
              : '未选时段'}
          </Text>
        </View>
        <View
          className={`service-btn reserve__submit${sending ? ' service-btn--off' : ''}`}
          onClick={() => !sending && submit()}
        >
          {sending ? '提交中' : '提交并支付'}
        </View>
      </View>
    </Page>
  )
}
