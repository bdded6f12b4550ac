import { DownloadOutlined, PlusOutlined } from '@ant-design/icons'
import {
  type ActionType,
  ModalForm,
  ProForm,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormText,
  ProTable
} from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminCourseSaved, AdminOfflineClass, AdminOfflineSignup } from '@contract/admin'
import { Alert, App, Button, Card, Drawer, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useRef, useState } from 'react'

import { api, downloadUrl } from '../../api/client'
import { time } from '../../format'
import { useCourseParts } from './useCourseParts'

type ClassForm = Omit<AdminOfflineClass, 'class_id' | 'seats_taken' | 'checked_in'>
type Write = (path: string, params: Record<string, unknown>, done: string) => Promise<AdminCourseSaved | null>

const picker = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss')

/**
 * An offline course's classes: when, where (address and map point), seats and the sign-up deadline; each with its
 * sign-up list.
 */
export function OfflineClasses({
  courseId,
  version,
  editable,
  write
}: {
  courseId: number
  version: number
  editable: boolean
  write: Write
}) {
  const { rows, error, load } = useCourseParts<AdminOfflineClass>('/course/offlineClasses', courseId, version)
  const [signupsOf, setSignupsOf] = useState<AdminOfflineClass | null>(null)

  const save = async (v: ClassForm, classId?: number) =>
    !!(await write(
      '/course/offlineSave',
      {
        ...v,
        class_id: classId,
        starts_at: dayjs(v.starts_at).toISOString(),
        ends_at: dayjs(v.ends_at).toISOString(),
        signup_deadline: dayjs(v.signup_deadline).toISOString()
      },
      classId ? '线下班已保存' : '已开班'
    ))

  return (
    <Card title="线下开班" extra={editable && <ClassModal onSave={(v) => save(v)} />}>
      {error ? (
        <Alert
          type="error"
          showIcon
          message="线下班加载失败"
          description={error}
          action={<Button onClick={load}>重试</Button>}
        />
      ) : (
        <Table<AdminOfflineClass>
          rowKey="class_id"
          size="small"
          loading={rows === null}
          dataSource={rows ?? []}
          pagination={false}
          locale={{ emptyText: '还没有开班：点“开班”填写时间、地点和名额' }}
          columns={[
            { title: '班级', dataIndex: 'title' },
            { title: '上课时间', render: (_, k) => `${time(k.starts_at)} 至 ${time(k.ends_at)}` },
            {
              title: '报名截止',
              render: (_, k) => (
                <Space direction="vertical" size={0}>
                  <span>{time(k.signup_deadline)}</span>
                  {dayjs().isAfter(k.signup_deadline) ? (
                    <Tag>已截止</Tag>
                  ) : k.seats_taken >= k.seats ? (
                    <Tag color="orange">已满员</Tag>
                  ) : (
                    <Tag color="green">报名中</Tag>
                  )}
                </Space>
              )
            },
            {
              title: '地点',
              render: (_, k) => (
                <Space direction="vertical" size={0}>
                  <span>
                    {k.city} · {k.address}
                  </span>
                  <Typography.Link
                    href={
                      `https://uri.amap.com/marker?position=${k.longitude},${k.latitude}&name=` +
                      `${encodeURIComponent(k.address)}&coordinate=gaode`
                    }
                    target="_blank"
                  >
                    {k.latitude}, {k.longitude}（在地图上查看）
                  </Typography.Link>
                </Space>
              )
            },
            { title: '名额', render: (_, k) => `${k.seats_taken} / ${k.seats}` },
            { title: '已签到', dataIndex: 'checked_in' },
            {
              title: '操作',
              render: (_, k) => (
                <Space>
                  <a onClick={() => setSignupsOf(k)}>报名名单</a>
                  {editable && <ClassModal klass={k} onSave={(v) => save(v, k.class_id)} />}
                  {editable && (
                    <Popconfirm
                      title="删除这个班？（需没有学员报名）"
                      onConfirm={() => write('/course/offlineDelete', { class_id: k.class_id }, '线下班已删除')}
                    >
                      <a>删除</a>
                    </Popconfirm>
                  )}
                </Space>
              )
            }
          ]}
        />
      )}
      <Drawer
        title={signupsOf ? `报名名单：${signupsOf.title}` : ''}
        open={signupsOf !== null}
        onClose={() => (setSignupsOf(null), load())}
        width={820}
        destroyOnClose
      >
        {signupsOf && <Signups klass={signupsOf} editable={editable} />}
      </Drawer>
    </Card>
  )
}

function Signups({ klass, editable }: { klass: AdminOfflineClass; editable: boolean }) {
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const checkIn = async (s: AdminOfflineSignup) => {
    try {
      await api.post('/offline/checkin', { signup_id: s.signup_id })
      message.success(`${s.name} 已签到`)
    } catch (e) {
      message.error((e as Error).message)
    }
    table.current?.reload()
  }
  return (
    <ProTable<AdminOfflineSignup>
      rowKey="signup_id"
      actionRef={table}
      search={false}
      options={{ reload: true, density: false, setting: false }}
      headerTitle={`名额 ${klass.seats_taken} / ${klass.seats}`}
      toolBarRender={() => [
        <Button
          key="export"
          icon={<DownloadOutlined />}
          href={downloadUrl('/offline/export', { class_id: klass.class_id })}
        >
          导出 CSV
        </Button>
      ]}
      pagination={{ defaultPageSize: 50 }}
      locale={{ emptyText: '还没有人报名' }}
      request={async ({ current, pageSize }) => {
        const data = await api.get<Paged<AdminOfflineSignup>>('/offline/signups', {
          class_id: klass.class_id,
          page: current,
          per_page: pageSize
        })
        return { data: data.list, total: data.total, success: true }
      }}
      columns={[
        { title: '姓名', dataIndex: 'name' },
        { title: '手机号', dataIndex: 'mobile' },
        { title: '用户', render: (_, s) => `${s.nickname}（${s.user_id}）` },
        { title: '报名时间', render: (_, s) => time(s.created_at) },
        {
          title: '签到',
          render: (_, s) =>
            s.checked_in_at ? (
              <Tag color="green">已签到 {time(s.checked_in_at)}</Tag>
            ) : editable ? (
              <Popconfirm title={`确认 ${s.name} 已到场签到？`} onConfirm={() => checkIn(s)}>
                <Button size="small" type="primary">
                  签到
                </Button>
              </Popconfirm>
            ) : (
              <Tag>未签到</Tag>
            )
        }
      ]}
    />
  )
}

function ClassModal({ klass, onSave }: { klass?: AdminOfflineClass; onSave: (v: ClassForm) => Promise<boolean> }) {
  return (
    <ModalForm<ClassForm>
      name={klass ? `class${klass.class_id}` : 'newClass'}
      title={klass ? '修改线下班' : '开班'}
      width={600}
      modalProps={{ destroyOnClose: true }}
      trigger={klass ? <a>编辑</a> : <Button icon={<PlusOutlined />}>开班</Button>}
      initialValues={
        klass
          ? {
              ...klass,
              starts_at: picker(klass.starts_at),
              ends_at: picker(klass.ends_at),
              signup_deadline: picker(klass.signup_deadline)
            }
          : { seats: 30 }
      }
      onFinish={onSave}
    >
      <ProFormText
        name="title"
        label="班级名称"
        rules={[
          { required: true, message: '请填写班级名称' },
          { max: 64, message: '不超过 64 字' }
        ]}
      />
      <ProForm.Group>
        <ProFormDateTimePicker
          name="starts_at"
          label="开始时间"
          rules={[{ required: true, message: '请选择开始时间' }]}
        />
        <ProFormDateTimePicker
          name="ends_at"
          label="结束时间"
          rules={[{ required: true, message: '请选择结束时间' }]}
        />
      </ProForm.Group>
      <ProFormDateTimePicker
        name="signup_deadline"
        label="报名截止时间"
        extra="截止后用户不能再报名；不能晚于结束时间"
        rules={[{ required: true, message: '请选择报名截止时间' }]}
      />
      <ProForm.Group>
        <ProFormText
          name="city"
          label="城市"
          width="sm"
          rules={[
            { required: true, message: '请填写城市' },
            { max: 16, message: '不超过 16 字' }
          ]}
        />
        <ProFormText
          name="address"
          label="上课地址"
          width="md"
          rules={[
            { required: true, message: '请填写上课地址' },
            { max: 128, message: '不超过 128 字' }
          ]}
        />
      </ProForm.Group>
      <ProForm.Group title="地图位置" tooltip="在腾讯地图或高德地图中点选地点即可看到经纬度，用户在小程序中据此导航">
        <ProFormDigit
          name="latitude"
          label="纬度"
          width="sm"
          min={-90}
          max={90}
          fieldProps={{ precision: 6 }}
          rules={[{ required: true, message: '请填写纬度' }]}
        />
        <ProFormDigit
          name="longitude"
          label="经度"
          width="sm"
          min={-180}
          max={180}
          fieldProps={{ precision: 6 }}
          rules={[{ required: true, message: '请填写经度' }]}
        />
      </ProForm.Group>
      <ProFormDigit
        name="seats"
        label="名额"
        min={1}
        max={100_000}
        fieldProps={{ precision: 0 }}
        extra={klass ? `已报名 ${klass.seats_taken} 人，名额不能少于此数` : undefined}
        rules={[{ required: true, message: '请填写名额' }]}
      />
    </ModalForm>
  )
}
