import { PlusOutlined } from '@ant-design/icons'
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminCourseListItem } from '@contract/admin'
import { App, Button, Drawer, Image, Popconfirm, Space, Tag } from 'antd'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'

import { api } from '../../api/client'
import { time, yuan } from '../../format'
import { useSession } from '../../session'
import { Learners } from './Learners'

export const KIND_TEXT: Record<AdminCourseListItem['kind'], string> = {
  recorded: '录播课',
  live: '直播课',
  offline: '线下课'
}

/** Courses with their enrolments: find one, open its editor, put it on or off the shelf. */
export default function CourseList() {
  const { can } = useSession()
  const { message } = App.useApp()
  const navigate = useNavigate()
  const table = useRef<ActionType>()
  const [learnersOf, setLearnersOf] = useState<AdminCourseListItem | null>(null)
  const editable = can('course.edit')

  const shelf = async (c: AdminCourseListItem) => {
    try {
      await api.post('/course/shelf', { course_id: c.course_id, version: c.version, visible: !c.visible })
      message.success(c.visible ? '已下架' : '已上架')
    } catch (e) {
      message.error((e as Error).message)
    }
    table.current?.reload()
  }

  const columns: ProColumns<AdminCourseListItem>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '课程名或讲师' } },
    {
      title: '封面',
      dataIndex: 'cover',
      search: false,
      width: 90,
      render: (_, c) => (c.cover ? <Image src={c.cover} width={64} height={40} style={{ objectFit: 'cover' }} /> : '-')
    },
    {
      title: '课程',
      dataIndex: 'title',
      search: false,
      render: (_, c) => <a onClick={() => navigate(`/courses/${c.course_id}`)}>{c.title}</a>
    },
    {
      title: '类型',
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: { recorded: { text: '录播课' }, live: { text: '直播课' }, offline: { text: '线下课' } },
      render: (_, c) => KIND_TEXT[c.kind]
    },
    { title: '分类', dataIndex: 'category_name', search: false },
    { title: '讲师', dataIndex: 'teacher', search: false },
    {
      title: '价格',
      dataIndex: 'price_fen',
      search: false,
      render: (_, c) => (c.price_fen ? yuan(c.price_fen) : '免费')
    },
    { title: '课时/场次', dataIndex: 'lessons', search: false },
    {
      title: '报名人数',
      dataIndex: 'enrollments',
      search: false,
      render: (_, c) => <a onClick={() => setLearnersOf(c)}>{c.enrollments}</a>
    },
    {
      title: '状态',
      dataIndex: 'visible',
      valueType: 'select',
      valueEnum: { true: { text: '已上架' }, false: { text: '已下架' } },
      render: (_, c) => (c.visible ? <Tag color="green">已上架</Tag> : <Tag>已下架</Tag>)
    },
    { title: '更新时间', dataIndex: 'updated_at', search: false, render: (_, c) => time(c.updated_at) },
    {
      title: '操作',
      valueType: 'option',
      render: (_, c) => (
        <Space>
          <a onClick={() => navigate(`/courses/${c.course_id}`)}>{editable ? '编辑' : '查看'}</a>
          <a onClick={() => setLearnersOf(c)}>学员</a>
          {editable && (
            <Popconfirm
              title={c.visible ? '下架后用户将看不到该课程，确定？' : '上架后用户即可看到并购买该课程，确定？'}
              onConfirm={() => shelf(c)}
            >
              <a>{c.visible ? '下架' : '上架'}</a>
            </Popconfirm>
          )}
        </Space>
      )
    }
  ]

  return (
    <PageContainer title="课程">
      <ProTable<AdminCourseListItem>
        rowKey="course_id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50] }}
        locale={{ emptyText: '还没有课程' }}
        request={async ({ current, pageSize, ...rest }) => {
          const data = await api.get<Paged<AdminCourseListItem>>('/course/lists', {
            ...rest,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
        toolBarRender={() => [
          editable && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => navigate('/courses/new')}>
              新建录播课
            </Button>
          ),
          editable && (
            <Button key="live" icon={<PlusOutlined />} onClick={() => navigate('/courses/new?kind=live')}>
              新建直播课
            </Button>
          ),
          editable && (
            <Button key="offline" icon={<PlusOutlined />} onClick={() => navigate('/courses/new?kind=offline')}>
              新建线下课
            </Button>
          )
        ]}
      />
      <Drawer
        title={learnersOf ? `学员：${learnersOf.title}` : ''}
        open={learnersOf !== null}
        onClose={() => setLearnersOf(null)}
        width={1000}
        destroyOnClose
      >
        {learnersOf && <Learners course={learnersOf} />}
      </Drawer>
    </PageContainer>
  )
}
