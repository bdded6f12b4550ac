import { ProFormDateTimePicker, ProFormDependency, ProFormDigit, ProFormText } from '@ant-design/pro-components'
import type { AdminLiveSession } from '@contract/admin'
import { STREAM_KIND_NOTE, streamKind } from '@contract/course'
import { Space, Tag, Tooltip, Typography } from 'antd'

import { time } from '../../format'
import { type CourseWrite, ScheduleList } from './ScheduleList'

export const LIVE_STATUS: Record<AdminLiveSession['status'], { text: string; color: string }> = {
  upcoming: { text: '预告', color: 'blue' },
  live: { text: '直播中', color: 'red' },
  replay: { text: '回放', color: 'default' }
}

/** Which kind a pull address is, and where it plays (contract/course.ts). */
function StreamKindTag({ url }: { url: string }) {
  const kind = url ? streamKind(url) : undefined
  if (!kind) return null
  return (
    <Tooltip title={STREAM_KIND_NOTE[kind]}>
      <Tag color={kind === 'hls' ? 'green' : 'orange'}>
        {kind === 'hls' ? 'HLS 两端可看' : `${kind.toUpperCase()} 仅小程序`}
      </Tag>
    </Tooltip>
  )
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
export function LiveSessions(props: { courseId: number; version: number; editable: boolean; write: CourseWrite }) {
  return (
    <ScheduleList<AdminLiveSession, SessionForm>
      {...props}
      title="直播场次"
      path="/course/liveSessions"
      idKey="session_id"
      savePath="/course/liveSave"
      deletePath="/course/liveDelete"
      texts={{
        failed: '直播场次加载失败',
        empty: '还没有安排直播：点“安排直播”填写开播时间和拉流地址',
        add: '安排直播',
        edit: '修改直播',
        added: '直播已安排',
        saved: '直播已保存',
        deleted: '直播已删除',
        confirmDelete: '删除这场直播？用户将看不到它'
      }}
      formName={(s) => (s ? `live${s.session_id}` : 'newLive')}
      formWidth={560}
      defaults={{ duration_min: 60, stream_url: '', replay_url: '' }}
      times={['starts_at']}
      toParams={(v) => ({ ...v, stream_url: v.stream_url ?? '', replay_url: v.replay_url ?? '' })}
      fields={() => <SessionFields />}
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
              <Space size={4}>
                <StreamKindTag url={s.stream_url} />
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }}>
                  {s.stream_url || '未填拉流地址'}
                </Typography.Text>
              </Space>
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
                {s.replay_url || '暂无回放'}
              </Typography.Text>
            </Space>
          )
        }
      ]}
    />
  )
}

function SessionFields() {
  return (
    <>
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
      <ProFormDependency name={['stream_url']}>
        {({ stream_url }: { stream_url?: string }) => {
          const kind = stream_url ? streamKind(stream_url) : undefined
          return (
            <ProFormText
              name="stream_url"
              label="拉流地址"
              extra={
                kind
                  ? STREAM_KIND_NOTE[kind]
                  : '直播服务商提供的拉流地址：HLS（.m3u8）两端都能看；FLV、RTMP 仅小程序可看，需类目权限'
              }
              rules={[
                {
                  validator: async (_: unknown, value?: string) => {
                    if (value && !streamKind(value))
                      throw new Error('应为 http(s) 开头的 .m3u8 或 .flv 地址，或 rtmp:// 地址')
                  }
                }
              ]}
            />
          )
        }}
      </ProFormDependency>
      <ProFormText
        name="replay_url"
        label="回放地址"
        extra="直播结束后播放：服务商的回放地址（MP4 或 .m3u8），或课程视频的 media: 地址"
      />
    </>
  )
}
