import { PlusOutlined } from '@ant-design/icons'
import { ModalForm, ProFormDateTimePicker, ProFormDigit, ProFormText } from '@ant-design/pro-components'
import type { AdminCourseSaved, AdminLiveSession } from '@contract/admin'
import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import dayjs from 'dayjs'

import { time } from '../../format'
import { useCourseParts } from './useCourseParts'

export const LIVE_STATUS: Record<AdminLiveSession['status'], { text: string; color: string }> = {
  upcoming: { text: '预告', color: 'blue' },
  live: { text: '直播中', color: 'red' },
  replay: { text: '回放', color: 'default' }
}

interface SessionForm {
  title: string
  starts_at: string
  duration_min: number
  stream_url: string
  replay_url: string
}

/**
 * A live course's sessions. The status is the server's, from the clock: 预告 before the start,
 * 直播中 until the end, then 回放. Every write carries the course's version (see CourseEditor).
 */
export function LiveSessions({
  courseId,
  version,
  editable,
  write
}: {
  courseId: number
  version: number
  editable: boolean
  write: (path: string, params: Record<string, unknown>, done: string) => Promise<AdminCourseSaved | null>
}) {
  const { rows, error, load } = useCourseParts<AdminLiveSession>('/course/liveSessions', courseId, version)

  const save = async (v: SessionForm, sessionId?: number) =>
    !!(await write(
      '/course/liveSave',
      {
        ...v,
        session_id: sessionId,
        starts_at: dayjs(v.starts_at).toISOString(),
        stream_url: v.stream_url ?? '',
        replay_url: v.replay_url ?? ''
      },
      sessionId ? '直播已保存' : '直播已安排'
    ))

  return (
    <Card title="直播场次" extra={editable && <SessionModal onSave={(v) => save(v)} />}>
      {error ? (
        <Alert
          type="error"
          showIcon
          message="直播场次加载失败"
          description={error}
          action={<Button onClick={load}>重试</Button>}
        />
      ) : (
        <Table<AdminLiveSession>
          rowKey="session_id"
          size="small"
          loading={rows === null}
          dataSource={rows ?? []}
          pagination={false}
          locale={{ emptyText: '还没有安排直播：点“安排直播”填写开播时间和拉流地址' }}
          columns={[
            { title: '标题', dataIndex: 'title' },
            { title: '开播时间', dataIndex: 'starts_at', render: (_, s) => time(s.starts_at) },
            { title: '时长', dataIndex: 'duration_min', render: (_, s) => `${s.duration_min} 分钟` },
            {
              title: '状态',
              dataIndex: 'status',
              render: (_, s) => <Tag color={LIVE_STATUS[s.status].color}>{LIVE_STATUS[s.status].text}</Tag>
            },
            {
              title: '拉流 / 回放',
              render: (_, s) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
                    {s.stream_url || '未填拉流地址'}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
                    {s.replay_url || '暂无回放'}
                  </Typography.Text>
                </Space>
              )
            },
            {
              title: '操作',
              render: (_, s) =>
                editable && (
                  <Space>
                    <SessionModal session={s} onSave={(v) => save(v, s.session_id)} />
                    <Popconfirm
                      title="删除这场直播？用户将看不到它"
                      onConfirm={() => write('/course/liveDelete', { session_id: s.session_id }, '直播已删除')}
                    >
                      <a>删除</a>
                    </Popconfirm>
                  </Space>
                )
            }
          ]}
        />
      )}
    </Card>
  )
}

function SessionModal({
  session,
  onSave
}: {
  session?: AdminLiveSession
  onSave: (v: SessionForm) => Promise<boolean>
}) {
  return (
    <ModalForm<SessionForm>
      name={session ? `live${session.session_id}` : 'newLive'}
      title={session ? '修改直播' : '安排直播'}
      width={560}
      modalProps={{ destroyOnClose: true }}
      trigger={session ? <a>编辑</a> : <Button icon={<PlusOutlined />}>安排直播</Button>}
      initialValues={
        session
          ? { ...session, starts_at: dayjs(session.starts_at).format('YYYY-MM-DD HH:mm:ss') }
          : { duration_min: 60, stream_url: '', replay_url: '' }
      }
      onFinish={onSave}
    >
      <ProFormText
        name="title"
        label="直播标题"
        rules={[
          { required: true, message: '请填写直播标题' },
          { max: 64, message: '不超过 64 字' }
        ]}
      />
      <ProFormDateTimePicker
        name="starts_at"
        label="开播时间"
        rules={[{ required: true, message: '请选择开播时间' }]}
      />
      <ProFormDigit
        name="duration_min"
        label="时长（分钟）"
        min={1}
        max={1440}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请填写时长' }]}
      />
      <ProFormText
        name="stream_url"
        label="拉流地址"
        extra="直播服务商提供的 HLS（.m3u8）或 FLV 拉流地址；开播时间到了用户即可观看"
        rules={[
          { pattern: /^$|^https?:\/\/\S+\.(m3u8|flv)(\?\S*)?$/i, message: '应为 http(s) 开头的 .m3u8 或 .flv 地址' }
        ]}
      />
      <ProFormText
        name="replay_url"
        label="回放地址"
        extra="直播结束后播放：服务商的回放地址（MP4 或 .m3u8），或课程视频的 media: 地址"
      />
    </ModalForm>
  )
}
