import {
  ProForm,
  ProFormDigit,
  ProFormItem,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea
} from '@ant-design/pro-components'
import type { AdminConsultService, AdminSaved, AdminTeacherDetail, AdminTeacherFields } from '@contract/admin'
import { App, Button, Divider, Drawer, Empty, Result, Skeleton, Space, Tag, Typography } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'

import { api } from '../../api/client'
import { SingleImageUpload } from '../../components/ImageUpload'
import { useEditorGuard } from '../../unsaved'

const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日']
// Half-hour choices from 08:00 to 21:30; another time may be typed in.
const HOURS = Array.from(
  { length: 28 },
  (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`
).map((v) => ({ value: v, label: v }))
const DEFAULT_WEEK = Array.from({ length: 7 }, () => ['10:00', '14:00', '16:00', '19:30'])
const COURSE_KIND: Record<string, string> = { recorded: '录播课', live: '直播课', offline: '线下课' }

/** The next 60 China dates as choices for days off. */
function comingDates() {
  const out: { value: string; label: string }[] = []
  const now = Date.now() + 8 * 3600_000
  for (let d = 0; d < 60; d++) {
    const day = new Date(now + d * 86_400_000)
    const value = day.toISOString().slice(0, 10)
    out.push({ value, label: `${value} ${WEEKDAYS[(day.getUTCDay() + 6) % 7]}` })
  }
  return out
}

const chinaSlot = (iso: string) => {
  const d = new Date(Date.parse(iso) + 8 * 3600_000)
  return `${d.toISOString().slice(5, 10)} ${WEEKDAYS[(d.getUTCDay() + 6) % 7]} ${d.toISOString().slice(11, 16)}`
}

interface Props {
  teacherId: number | null
  editable: boolean
  onClose: () => void
  onSaved: () => void
}

/** One teacher's profile, services and weekly bookable hours with their exceptions, in a drawer. */
export function TeacherEditor({ teacherId, editable, onClose, onSaved }: Props) {
  const { message } = App.useApp()
  const [detail, setDetail] = useState<AdminTeacherDetail | null>(null)
  const [services, setServices] = useState<AdminConsultService[]>([])
  const [error, setError] = useState('')
  const [loading, setLoading] = useState(true)
  const guard = useEditorGuard()

  const load = useCallback(async () => {
    setLoading(true)
    setError('')
    try {
      const [one, all] = await Promise.all([
        teacherId === null
          ? Promise.resolve(null)
          : api.get<AdminTeacherDetail>('/teacher/detail', { teacher_id: teacherId }),
        api.get<{ list: AdminConsultService[] }>('/consult/lists')
      ])
      setDetail(one)
      setServices(all.list)
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setLoading(false)
    }
  }, [teacherId])
  useEffect(() => void load(), [load])

  const initial: Partial<AdminTeacherFields> = detail ?? {
    visible: true,
    sort: 0,
    years: 0,
    specialties: [],
    service_ids: [],
    weekly_slots: DEFAULT_WEEK,
    days_off: [],
    extra_slots: []
  }

  const save = async (values: AdminTeacherFields) => {
    const body = {
      ...values,
      weekly_slots: WEEKDAYS.map((_, i) => values.weekly_slots?.[i] ?? []),
      avatar: values.avatar ?? '',
      cover: values.cover ?? ''
    }
    try {
      if (detail)
        await api.post<AdminSaved>('/teacher/edit', { ...body, teacher_id: detail.teacher_id, version: detail.version })
      else await api.post<AdminSaved>('/teacher/add', body)
      message.success(detail ? '老师资料已保存' : '老师已新增')
      guard.saved()
      onSaved()
      return true
    } catch (e) {
      message.error((e as Error).message)
      return false
    }
  }

  return (
    <Drawer
      open
      width={760}
      title={teacherId === null ? '新增老师' : `老师：${detail?.name ?? ''}`}
      onClose={() => guard.close(onClose)}
      destroyOnClose
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : error ? (
        <Result
          status="warning"
          title="老师资料加载失败"
          subTitle={error}
          extra={<Button onClick={load}>重试</Button>}
        />
      ) : (
        <ProForm<AdminTeacherFields>
          initialValues={initial}
          disabled={!editable}
          onValuesChange={guard.changed}
          onFinish={save}
          submitter={editable ? { searchConfig: { submitText: '保存' }, resetButtonProps: false } : false}
        >
          <ProForm.Group>
            <ProFormText
              name="name"
              label="姓名"
              width="sm"
              rules={[
                { required: true, message: '请填写老师姓名' },
                { max: 32, message: '不超过 32 个字' }
              ]}
            />
            <ProFormText name="title" label="头衔" width="md" rules={[{ max: 64, message: '不超过 64 个字' }]} />
          </ProForm.Group>
          <ProForm.Group>
            <ProFormText name="city" label="城市" width="xs" rules={[{ max: 16, message: '不超过 16 个字' }]} />
            <ProFormDigit
              name="years"
              label="从业年限"
              width="xs"
              min={0}
              max={80}
              fieldProps={{ precision: 0, addonAfter: '年' }}
            />
            <ProFormDigit
              name="sort"
              label="排序"
              width="xs"
              tooltip="数字小的排在前面"
              min={0}
              max={9999}
              fieldProps={{ precision: 0 }}
            />
            <ProFormSwitch name="visible" label="在 App 显示" />
          </ProForm.Group>
          <ProForm.Group>
            <ProFormItem name="avatar" label="照片">
              <SingleImageUpload />
            </ProFormItem>
            <ProFormItem name="cover" label="主页背景图">
              <SingleImageUpload />
            </ProFormItem>
          </ProForm.Group>
          <ProFormSelect
            name="specialties"
            label="擅长领域"
            mode="tags"
            fieldProps={{ tokenSeparators: [',', '，'], maxCount: 8 }}
            placeholder="输入后回车，最多 8 个"
          />
          <ProFormTextArea
            name="intro"
            label="简介"
            fieldProps={{ rows: 5, maxLength: 5000, showCount: true }}
            placeholder="段落之间空一行"
          />
          <ProFormSelect
            name="service_ids"
            label="提供的服务"
            mode="multiple"
            options={services.map((s) => ({
              value: s.service_id,
              label: `${s.title}${s.visible ? '' : '（已下架）'}`
            }))}
            placeholder="用户可向这位老师预约的服务"
          />

          <Divider orientation="left">可预约时段（北京时间）</Divider>
          <Typography.Paragraph type="secondary">
            每周模板决定未来 7
            天每天可约的开始时间；休息日期当天不接受预约，加开时段是在模板之外另加的一次性时间。已被预约的时段不受修改影响。
          </Typography.Paragraph>
          {WEEKDAYS.map((day, i) => (
            <ProFormSelect
              key={day}
              name={['weekly_slots', i]}
              label={day}
              mode="tags"
              options={HOURS}
              placeholder="不接受预约"
              fieldProps={{ tokenSeparators: [',', '，', ' '] }}
            />
          ))}
          <ProFormSelect
            name="days_off"
            label="休息日期"
            mode="tags"
            options={comingDates()}
            placeholder="选择或输入 YYYY-MM-DD"
          />
          <ProFormSelect
            name="extra_slots"
            label="加开时段"
            mode="tags"
            placeholder="输入 YYYY-MM-DD HH:MM 后回车，如 2026-01-31 20:00"
            fieldProps={{ open: false }}
          />

          {detail && (
            <>
              <Divider orientation="left">未来 7 天可约时段</Divider>
              {detail.upcoming.length ? (
                <Space size={[4, 8]} wrap>
                  {detail.upcoming.map((u) => (
                    <Tag key={u.starts_at} color={u.taken ? 'orange' : 'green'}>
                      {chinaSlot(u.starts_at)} {u.taken ? '已约' : '空闲'}
                    </Tag>
                  ))}
                </Space>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未来 7 天没有可约时段" />
              )}
              <Divider orientation="left">主讲课程</Divider>
              {detail.course_list.length ? (
                <Space direction="vertical">
                  {detail.course_list.map((c) => (
                    <span key={c.course_id}>
                      <Link to={`/courses/${c.course_id}`}>{c.title}</Link> <Tag>{COURSE_KIND[c.kind] ?? c.kind}</Tag>
                      {!c.visible && <Tag>未上架</Tag>}
                    </span>
                  ))}
                </Space>
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="还没有以这位老师为讲师的课程（在「课程」里设置讲师）"
                />
              )}
            </>
          )}
        </ProForm>
      )}
    </Drawer>
  )
}
