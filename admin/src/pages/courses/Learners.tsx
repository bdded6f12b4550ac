import { ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminCourseLearner, AdminCourseListItem, AdminLearnerProgress } from '@contract/admin'
import { Alert, Button, Descriptions, Drawer, Progress, Spin, Table, Tag } from 'antd'
import { useCallback, useEffect, useState } from 'react'

import { api } from '../../api/client'
import { time, yuan } from '../../format'

const clock = (sec: number) => `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`
const paidText = (r: AdminCourseLearner) => (r.source === 'order' ? `购买 ${yuan(r.paid_fen)}` : '免费报名')

/** A course's enrolled users: who, since when, how they joined, how far each has got; one opens lesson by lesson. */
export function Learners({ course }: { course: AdminCourseListItem }) {
  const [open, setOpen] = useState<AdminCourseLearner | null>(null)
  const recorded = course.kind === 'recorded'
  return (
    <>
      <ProTable<AdminCourseLearner>
        rowKey="user_id"
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ reload: true, density: false, setting: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50] }}
        locale={{ emptyText: '还没有学员报名' }}
        request={async ({ current, pageSize, keyword }) => {
          const data = await api.get<Paged<AdminCourseLearner>>('/course/learners', {
            course_id: course.course_id,
            keyword,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
        columns={[
          { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '昵称或完整手机号' } },
          { title: '学员', search: false, render: (_, r) => `${r.nickname || '未设置昵称'}（${r.user_id}）` },
          { title: '手机号', dataIndex: 'mobile', search: false, render: (_, r) => r.mobile || '未绑定' },
          { title: '报名时间', search: false, render: (_, r) => time(r.enrolled_at) },
          {
            title: '方式',
            search: false,
            render: (_, r) => <Tag color={r.source === 'order' ? 'gold' : 'default'}>{paidText(r)}</Tag>
          },
          {
            title: '学习进度',
            search: false,
            hideInTable: !recorded,
            render: (_, r) => (
              <div style={{ minWidth: 160 }}>
                <Progress percent={r.percent} size="small" />
                已学完 {r.lessons_done} / {r.lessons_total} 课时
              </div>
            )
          },
          { title: '最近学习', search: false, render: (_, r) => time(r.last_studied_at) },
          {
            title: '操作',
            search: false,
            hideInTable: !recorded,
            render: (_, r) => <a onClick={() => setOpen(r)}>学习详情</a>
          }
        ]}
      />
      <Drawer
        title={open ? `学习详情：${open.nickname || open.user_id}` : ''}
        open={open !== null}
        onClose={() => setOpen(null)}
        width={720}
        destroyOnClose
      >
        {open && <LearnerLessons courseId={course.course_id} userId={open.user_id} />}
      </Drawer>
    </>
  )
}

function LearnerLessons({ courseId, userId }: { courseId: number; userId: number }) {
  const [data, setData] = useState<AdminLearnerProgress | null>(null)
  const [error, setError] = useState('')
  const load = useCallback(() => {
    setError('')
    api
      .get<AdminLearnerProgress>('/course/learnerProgress', { course_id: courseId, user_id: userId })
      .then(setData, (e: Error) => setError(e.message))
  }, [courseId, userId])
  useEffect(load, [load])
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        message="学习详情加载失败"
        description={error}
        action={<Button onClick={load}>重试</Button>}
      />
    )
  if (!data) return <Spin />
  const l = data.learner
  const rows = data.chapters.flatMap((ch) => ch.lessons.map((lesson) => ({ ...lesson, chapter: ch.title })))
  return (
    <>
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="手机号">{l.mobile || '未绑定'}</Descriptions.Item>
        <Descriptions.Item label="方式">{paidText(l)}</Descriptions.Item>
        <Descriptions.Item label="报名时间">{time(l.enrolled_at)}</Descriptions.Item>
        <Descriptions.Item label="最近学习">{time(l.last_studied_at)}</Descriptions.Item>
        <Descriptions.Item label="进度" span={2}>
          已学完 {l.lessons_done} / {l.lessons_total} 课时（{l.percent}%）
        </Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="lesson_id"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: '课程还没有课时' }}
        columns={[
          { title: '章节', dataIndex: 'chapter' },
          { title: '课时', dataIndex: 'title' },
          {
            title: '观看到',
            render: (_, r) => `${clock(r.position_sec)} / ${clock(r.duration_sec)}`
          },
          {
            title: '状态',
            render: (_, r) =>
              r.completed ? (
                <Tag color="green">已学完</Tag>
              ) : r.updated_at ? (
                <Tag color="blue">学习中</Tag>
              ) : (
                <Tag>未开始</Tag>
              )
          },
          { title: '最近观看', render: (_, r) => time(r.updated_at) }
        ]}
      />
    </>
  )
}
