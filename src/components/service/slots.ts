import type { ServiceSlot } from '@contract'
import { chinaClock } from '@contract/china-time'

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六']
const pad = (n: number) => String(n).padStart(2, '0')

/** Teachers keep China time: hours are shown in it on any device. */
export function chinaTime(iso: string) {
  const d = chinaClock(Date.parse(iso))
  return {
    key: `${d.year}-${pad(d.month)}-${pad(d.day)}`,
    date: `${pad(d.month)}-${pad(d.day)}`,
    time: `${pad(d.hour)}:${pad(d.minute)}`,
    weekday: `周${WEEKDAYS[d.weekday]}`
  }
}

export interface SlotDay {
  key: string
  label: string
  weekday: string
  slots: ServiceSlot[]
}

/** Groups a teacher's hours by calendar day, in order. */
export function slotDays(slots: ServiceSlot[]): SlotDay[] {
  const days: SlotDay[] = []
  for (const slot of slots) {
    const t = chinaTime(slot.starts_at)
    let day = days.find((d) => d.key === t.key)
    if (!day) {
      day = { key: t.key, label: t.date, weekday: t.weekday, slots: [] }
      days.push(day)
    }
    day.slots.push(slot)
  }
  return days
}

/** The booking form's checks, naming the field at fault. */
export function bookingProblem(form: {
  slotId: number
  name: string
  mobile: string
  remark: string
}): string | undefined {
  if (!form.slotId) return '请选择预约时段'
  const name = form.name.trim()
  if (name.length < 2 || name.length > 16) return '姓名应为 2 到 16 个字'
  if (!/^1[3-9]\d{9}$/.test(form.mobile.trim())) return '手机号格式不正确'
  if (form.remark.trim().length > 300) return '备注不能超过 300 字'
  return undefined
}
