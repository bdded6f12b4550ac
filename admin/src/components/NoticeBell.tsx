import { BellOutlined } from '@ant-design/icons'
import type { AdminNotice, AdminNoticeList, AdminNoticePending, AdminNoticeUnread } from '@contract/admin'
import { Badge, Button, Drawer, Empty, List, Popover, Space, Tag, Typography } from 'antd'
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'

import { api } from '../api/client'
import { time } from '../format'
import { PENDING_ITEMS } from '../pending'
import { usePolling } from '../usePolling'

const NOTHING: AdminNoticeUnread = { count: 0, latest: [] }
const PAGE_SIZE = 20

/** One notice: unread ones marked and bold; a click (or Enter) opens its screen. */
function NoticeItem({ notice, onOpen }: { notice: AdminNotice; onOpen: (n: AdminNotice) => void }) {
  const keyed = (e: KeyboardEvent) => {
    if (e.key === 'Enter') onOpen(notice)
  }
  return (
    <List.Item
      role="link"
      tabIndex={0}
      aria-label={`${notice.title}：${notice.body}`}
      data-notice={notice.id}
      onClick={() => onOpen(notice)}
      onKeyDown={keyed}
      style={{ cursor: 'pointer', paddingInline: 4 }}
    >
      <List.Item.Meta
        avatar={<Badge status={notice.unread ? 'processing' : 'default'} />}
        title={<Typography.Text strong={notice.unread}>{notice.title}</Typography.Text>}
        description={
          <>
            <div>{notice.body}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {time(notice.created_at)}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  )
}

/** Every notice the operator may see, newest first, a page at a time. */
function AllNotices({
  open,
  onClose,
  onOpen
}: {
  open: boolean
  onClose: () => void
  onOpen: (n: AdminNotice) => void
}) {
  const [page, setPage] = useState(1)
  const [data, setData] = useState<AdminNoticeList | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    if (!open) return
    api.get<AdminNoticeList>('/notice/lists', { page, per_page: PAGE_SIZE }).then(
      (d) => {
        setData(d)
        setError('')
      },
      (e: Error) => setError(e.message)
    )
  }, [open, page])
  return (
    <Drawer open={open} onClose={onClose} title="全部通知" width={480} destroyOnClose>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <List
        loading={!data && !error}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, size: 'small' }}
        renderItem={(n) => <NoticeItem notice={n} onOpen={onOpen} />}
      />
    </Drawer>
  )
}

/**
 * The bell in the console's header: how many notices of work are unread, polled on the console's rhythm while the
 * tab is shown. Opening it lists the newest notices and what waits now; a notice opens its screen and is read.
 */
export function NoticeBell() {
  const navigate = useNavigate()
  const [bell, setBell] = useState(NOTHING)
  const [open, setOpen] = useState(false)
  const [listing, setListing] = useState(false)
  const [pending, setPending] = useState<AdminNoticePending['pending']>({})

  // A failed poll keeps what the bell shows; the next round asks again.
  const refresh = useCallback(
    (background = false) =>
      (background ? api.poll : api.get)<AdminNoticeUnread>('/notice/unread').then(setBell, () => undefined),
    []
  )
  usePolling(refresh)

  const toggle = (next: boolean) => {
    setOpen(next)
    if (!next) return
    void refresh()
    api.get<AdminNoticePending>('/notice/pending').then(
      (p) => setPending(p.pending),
      () => undefined
    )
  }

  const go = (to: string) => {
    setOpen(false)
    setListing(false)
    if (to) navigate(to)
  }

  const openNotice = (n: AdminNotice) => {
    // Read up to this one: the server never moves the mark back, so opening an older notice is harmless.
    if (n.unread) api.post<AdminNoticeUnread>('/notice/read', { id: n.id }).then(setBell, () => undefined)
    go(n.link)
  }

  // Up to the newest shown: a notice arriving meanwhile stays unread until it has been seen.
  const readAll = () =>
    api
      .post<AdminNoticeUnread>('/notice/read', bell.latest.length ? { id: bell.latest[0].id } : {})
      .then(setBell, () => undefined)

  const waiting = PENDING_ITEMS.filter((p) => (pending[p.key] ?? 0) > 0)
  const content = (
    <div style={{ width: 360, maxHeight: 460, overflowY: 'auto' }}>
      {!bell.latest.length && !waiting.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办" />
      ) : (
        <>
          {waiting.length > 0 && (
            <Space wrap size={[4, 8]} style={{ marginBottom: 8 }} aria-label="当前待办">
              {waiting.map((p) => (
                <Tag key={p.key} color="orange" style={{ cursor: 'pointer' }} onClick={() => go(p.to)}>
                  {p.label} {pending[p.key]}
                </Tag>
              ))}
            </Space>
          )}
          {bell.latest.length > 0 && (
            <List
              size="small"
              dataSource={bell.latest}
              renderItem={(n) => <NoticeItem notice={n} onOpen={openNotice} />}
            />
          )}
        </>
      )}
      <Button
        type="link"
        block
        onClick={() => {
          setOpen(false)
          setListing(true)
        }}
      >
        查看全部通知
      </Button>
    </div>
  )

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={toggle}
        title={
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <span>待办通知</span>
            <Button type="link" size="small" disabled={!bell.count} onClick={() => void readAll()}>
              全部已读
            </Button>
          </Space>
        }
        content={content}
      >
        <Badge count={bell.count} overflowCount={99} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            aria-label={bell.count ? `通知，${bell.count} 条未读` : '通知'}
            icon={<BellOutlined style={{ fontSize: 18 }} />}
          />
        </Badge>
      </Popover>
      <AllNotices open={listing} onClose={() => setListing(false)} onOpen={openNotice} />
    </>
  )
}
