import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import type { AdminArticleColumn } from '@contract/admin'
import { App, Button, Empty, Input, List, Modal, Result, Skeleton, Space } from 'antd'
import { useCallback, useEffect, useState } from 'react'

import { api } from '../../api/client'
import { leave, useUnsavedChanges } from '../../unsaved'

/** 栏目管理: add a column, rename one, move one up or down; the app's article tabs follow this order. */
export function ArticleColumns({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp()
  const [list, setList] = useState<AdminArticleColumn[] | null>(null)
  const [error, setError] = useState('')
  const [names, setNames] = useState<Record<number, string>>({})
  const [adding, setAdding] = useState('')
  const [busy, setBusy] = useState(false)
  useUnsavedChanges(adding.trim() !== '' || Boolean(list?.some((c) => (names[c.category_id] ?? c.name) !== c.name)))

  const load = useCallback(async () => {
    setError('')
    try {
      const data = await api.get<{ list: AdminArticleColumn[] }>('/article/columns')
      setList(data.list)
      setNames(Object.fromEntries(data.list.map((c) => [c.category_id, c.name])))
    } catch (e) {
      setError((e as Error).message)
    }
  }, [])
  useEffect(() => void load(), [load])

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await call()
      message.success(done)
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setBusy(false)
      await load()
    }
  }

  const move = (index: number, by: number) => {
    if (!list) return
    const ids = list.map((c) => c.category_id)
    const [id] = ids.splice(index, 1)
    ids.splice(index + by, 0, id)
    void run(() => api.post('/article/columnOrder', { category_ids: ids }), '顺序已保存')
  }

  return (
    <Modal open title="栏目管理" width={560} footer={null} onCancel={() => leave(onClose)}>
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          placeholder="新栏目名称（不超过 16 个字）"
          maxLength={16}
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
        />
        <Button
          type="primary"
          disabled={!adding.trim() || busy}
          onClick={() =>
            // Cleared as soon as it is saved, so closing the dialog then has nothing left to ask about.
            run(() => api.post('/article/columnSave', { name: adding }).then(() => setAdding('')), '栏目已新增')
          }
        >
          新增栏目
        </Button>
      </Space.Compact>
      {error ? (
        <Result status="warning" title="栏目加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
      ) : !list ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description="还没有栏目" />
      ) : (
        <List
          dataSource={list}
          renderItem={(c, i) => (
            <List.Item
              actions={[
                <Button
                  key="up"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0 || busy}
                  onClick={() => move(i, -1)}
                  aria-label="上移"
                />,
                <Button
                  key="down"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={i === list.length - 1 || busy}
                  onClick={() => move(i, 1)}
                  aria-label="下移"
                />,
                <Button
                  key="save"
                  size="small"
                  disabled={busy || !names[c.category_id]?.trim() || names[c.category_id] === c.name}
                  onClick={() =>
                    run(
                      () =>
                        api.post('/article/columnSave', {
                          category_id: c.category_id,
                          version: c.version,
                          name: names[c.category_id]
                        }),
                      '栏目已改名'
                    )
                  }
                >
                  改名
                </Button>
              ]}
            >
              <Space>
                <Input
                  style={{ width: 200 }}
                  maxLength={16}
                  value={names[c.category_id] ?? ''}
                  onChange={(e) => setNames({ ...names, [c.category_id]: e.target.value })}
                />
                <span style={{ color: '#999' }}>{c.articles} 篇</span>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Modal>
  )
}
