import { PlusOutlined } from '@ant-design/icons'
import {
  type ActionType,
  ModalForm,
  PageContainer,
  type ProColumns,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormItem,
  ProFormList,
  ProFormSwitch,
  ProFormText,
  ProTable
} from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminActivity } from '@contract/admin'
import { Button, Tag } from 'antd'
import { useRef, useState } from 'react'

import { useFormSave } from '../act'
import { api } from '../api/client'
import { HtmlEditor } from '../components/HtmlEditor'
import { SingleImageUpload } from '../components/ImageUpload'
import { time, yuan } from '../format'
import { useEditorGuard } from '../unsaved'

type FormValues = Omit<AdminActivity, 'activity_id' | 'taken' | 'fee_fen' | 'version'> & { fee_yuan: number }

/** 活动管理: activities with time, place, seats, fee, the refund rule and the sign-up form's own questions. */
export default function Activities() {
  const table = useRef<ActionType>()
  const [editing, setEditing] = useState<AdminActivity | 'new' | null>(null)
  const guard = useEditorGuard()
  const save = useFormSave({ saved: () => (guard.saved(), setEditing(null), table.current?.reload()) })
  const current = editing && editing !== 'new' ? editing : null

  const columns: ProColumns<AdminActivity>[] = [
    { title: '活动', dataIndex: 'title', render: (_, a) => <a onClick={() => setEditing(a)}>{a.title}</a> },
    { title: '时间', dataIndex: 'starts_at', render: (_, a) => time(a.starts_at) },
    { title: '地点', dataIndex: 'address', ellipsis: true, render: (_, a) => `${a.city} ${a.address}` },
    { title: '名额', dataIndex: 'capacity', render: (_, a) => `${a.taken} / ${a.capacity}` },
    { title: '费用', dataIndex: 'fee_fen', render: (_, a) => (a.fee_fen ? yuan(a.fee_fen) : '免费') },
    { title: '报名截止', dataIndex: 'signup_deadline', render: (_, a) => time(a.signup_deadline) },
    {
      title: '状态',
      dataIndex: 'visible',
      render: (_, a) => (a.visible ? <Tag color="green">上架</Tag> : <Tag>下架</Tag>)
    },
    { title: '操作', valueType: 'option', render: (_, a) => <a onClick={() => setEditing(a)}>编辑</a> }
  ]

  return (
    <PageContainer
      title="活动管理"
      content="报名名单、签到和取消报名在「活动报名」里。已报名的人按报名时的费用和回答；名额不能少于已占用的数量。"
    >
      <ProTable<AdminActivity>
        rowKey="activity_id"
        actionRef={table}
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: 20 }}
        locale={{ emptyText: '还没有活动' }}
        request={async ({ current: page, pageSize }) => {
          const data = await api.get<Paged<AdminActivity>>('/activity/lists', { page, per_page: pageSize })
          return { data: data.list, total: data.total, success: true }
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建活动
          </Button>
        ]}
      />
      <ModalForm<FormValues>
        key={current?.activity_id ?? 'new'}
        title={current ? `编辑活动「${current.title}」` : '新建活动'}
        width={800}
        open={editing !== null}
        modalProps={{ destroyOnClose: true, onCancel: () => guard.close(() => setEditing(null)) }}
        onValuesChange={guard.changed}
        // The pickers show local time; the server gets instants.
        dateFormatter={(value) => value.toISOString()}
        initialValues={
          current
            ? { ...current, fee_yuan: current.fee_fen / 100 }
            : { visible: true, refund_hours: 24, fee_yuan: 0, capacity: 30, form_fields: [] }
        }
        onFinish={async ({ fee_yuan, ...v }) => {
          const body = {
            ...v,
            cover: v.cover ?? '',
            content: v.content ?? '',
            form_fields: v.form_fields ?? [],
            fee_fen: Math.round((fee_yuan ?? 0) * 100)
          }
          return save(
            () =>
              current
                ? api.post('/activity/edit', { ...body, activity_id: current.activity_id, version: current.version })
                : api.post('/activity/add', body),
            current ? '活动已保存' : '活动已创建'
          )
        }}
      >
        <ProFormText
          name="title"
          label="活动名称"
          rules={[
            { required: true, message: '请填写活动名称' },
            { max: 64, message: '不超过 64 个字' }
          ]}
        />
        <ProFormText name="summary" label="简介" rules={[{ max: 128, message: '不超过 128 个字' }]} />
        <ProFormText name="organizer" label="主办方" rules={[{ max: 32, message: '不超过 32 个字' }]} />
        <ProFormText
          name="city"
          label="城市"
          rules={[
            { required: true, message: '请填写城市' },
            { max: 16, message: '不超过 16 个字' }
          ]}
        />
        <ProFormText
          name="address"
          label="地点"
          rules={[
            { required: true, message: '请填写地点' },
            { max: 128, message: '不超过 128 个字' }
          ]}
        />
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
        <ProFormDateTimePicker
          name="signup_deadline"
          label="报名截止时间"
          rules={[{ required: true, message: '请选择报名截止时间' }]}
        />
        <ProFormDigit
          name="capacity"
          label="名额"
          min={1}
          max={100_000}
          fieldProps={{ precision: 0, addonAfter: '人' }}
          rules={[{ required: true, message: '请填写名额' }]}
        />
        <ProFormDigit
          name="fee_yuan"
          label="报名费"
          min={0}
          max={100_000}
          fieldProps={{ precision: 2, addonAfter: '元' }}
          tooltip="0 为免费"
          extra="改价只影响之后的报名，已报名的按报名时的费用"
        />
        <ProFormDigit
          name="refund_hours"
          label="退款规则"
          min={0}
          max={720}
          fieldProps={{ precision: 0, addonBefore: '开始前', addonAfter: '小时前可自行取消并退款' }}
          tooltip="之后用户不能自行取消，运营仍可在「活动报名」中取消并退款"
        />
        <ProFormList
          name="form_fields"
          label="报名表问题（姓名、手机号总会询问）"
          creatorButtonProps={{ creatorButtonText: '添加问题' }}
          max={10}
        >
          <ProFormText
            name="label"
            label="问题"
            width="sm"
            rules={[
              { required: true, message: '请填写问题' },
              { max: 16, message: '不超过 16 个字' }
            ]}
          />
          <ProFormSwitch name="required" label="必填" />
        </ProFormList>
        <ProFormItem name="cover" label="封面">
          <SingleImageUpload />
        </ProFormItem>
        <ProFormItem name="content" label="活动详情">
          <HtmlEditor />
        </ProFormItem>
        <ProFormSwitch name="visible" label="上架" />
      </ModalForm>
    </PageContainer>
  )
}
