import { PlusOutlined } from '@ant-design/icons'
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminTeacherListItem } from '@contract/admin'
import { Button, Image, Tag } from 'antd'
import { useRef, useState } from 'react'

import { api } from '../../api/client'
import { time } from '../../format'
import { useSession } from '../../session'
import { TeacherEditor } from './TeacherEditor'

/** 老师: profiles the app shows, the services each takes and their bookable hours. */
export default function Teachers() {
  const { can } = useSession()
  const table = useRef<ActionType>()
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const editable = can('teacher.edit')

  const columns: ProColumns<AdminTeacherListItem>[] = [
    { title: '姓名', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '老师姓名' } },
    {
      title: '照片',
      dataIndex: 'avatar',
      search: false,
      width: 70,
      render: (_, t) =>
        t.avatar ? (
          <Image src={t.avatar} width={40} height={40} style={{ objectFit: 'cover', borderRadius: 20 }} />
        ) : (
          '-'
        )
    },
    {
      title: '老师',
      dataIndex: 'name',
      search: false,
      render: (_, t) => <a onClick={() => setEditing(t.teacher_id)}>{t.name}</a>
    },
    { title: '头衔', dataIndex: 'title', search: false, ellipsis: true },
    { title: '城市', dataIndex: 'city', search: false, width: 80 },
    {
      title: '擅长',
      dataIndex: 'specialties',
      search: false,
      render: (_, t) => t.specialties.map((s) => <Tag key={s}>{s}</Tag>)
    },
    { title: '服务', dataIndex: 'services', search: false, width: 70 },
    { title: '课程', dataIndex: 'courses', search: false, width: 70 },
    {
      title: '状态',
      dataIndex: 'visible',
      search: false,
      width: 80,
      render: (_, t) => (t.visible ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>)
    },
    { title: '更新时间', dataIndex: 'updated_at', search: false, render: (_, t) => time(t.updated_at) },
    {
      title: '操作',
      valueType: 'option',
      width: 80,
      render: (_, t) => <a onClick={() => setEditing(t.teacher_id)}>{editable ? '编辑' : '查看'}</a>
    }
  ]

  return (
    <PageContainer
      title="老师"
      content="老师的资料、提供的服务和可预约时段都在这里设置；App 的老师主页和服务预约读取这些内容。隐藏的老师不在 App 显示，也不能被预约。"
    >
      <ProTable<AdminTeacherListItem>
        rowKey="teacher_id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20 }}
        locale={{ emptyText: '还没有老师' }}
        request={async ({ current, pageSize, keyword }) => {
          const data = await api.get<Paged<AdminTeacherListItem>>('/teacher/lists', {
            keyword,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
        toolBarRender={() => [
          editable && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增老师
            </Button>
          )
        ]}
      />
      {editing !== null && (
        <TeacherEditor
          teacherId={editing === 'new' ? null : editing}
          editable={editable}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            table.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}
