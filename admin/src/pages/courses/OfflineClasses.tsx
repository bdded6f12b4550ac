import { DownloadOutlined } from '@ant-design/icons'
import {
  type ActionType,
  ProForm,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormText,
  ProTable
} from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminOfflineClass, AdminOfflineSignup } from '@contract/admin'
import { App, Button, Drawer, Popconfirm, Space, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useRef, useState } from 'react'

import { api, downloadUrl } from '../../api/client'
import { time } from '../../format'
import { type CourseWrite, ScheduleList } from './ScheduleList'

type ClassForm = Omit<AdminOfflineClass, 'class_id' | 'seats_taken' | 'checked_in'>

/**
 * An offline course's classes: when, where (address and map point), seats and the sign-up deadline; each with its
 * sign-up list.
 */
export function OfflineClasses(props: { courseId: number; version: number; editable: boolean; write: CourseWrite }) {
  const [signupsOf, setSignupsOf] = useState<AdminOfflineClass | null>(null)
  return (
    <ScheduleList<AdminOfflineClass, ClassForm>
      {...props}
      title="线下开班"
      path="/course/offlineClasses"
      idKey="class_id"
      savePath="/course/offlineSave"
      deletePath="/course/offlineDelete"
      texts={{
        failed: '线下班加载失败',
        empty: '还没有开班：点“开班”填写时间、地点和名额',
        add: '开班',
        edit: '修改线下班',
        added: '已开班',
        saved: '线下班已保存',
        deleted: '线下班已删除',
        confirmDelete: '删除这个班？（需没有学员报名）'
      }}
      formName={(k) => (k ? `class${k.class_id}` : 'newClass')}
      formWidth={600}
      defaults={{ seats: 30 }}
      times={['starts_at', 'ends_at', 'signup_deadline']}
      fields={(k) => <ClassFields klass={k} />}
      rowLinks={(k) => <a onClick={() => setSignupsOf(k)}>报名名单</a>}
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
        { title: '已签到', dataIndex: 'checked_in' }
      ]}
    >
      {(load) => (
        <Drawer
          title={signupsOf ? `报名名单：${signupsOf.title}` : ''}
          open={signupsOf !== null}
          onClose={() => (setSignupsOf(null), load())}
          width={820}
          destroyOnClose
        >
          {signupsOf && <Signups klass={signupsOf} editable={props.editable} />}
        </Drawer>
      )}
    </ScheduleList>
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

function ClassFields({ klass }: { klass?: AdminOfflineClass }) {
  return (
    <>
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
    </>
  )
}
