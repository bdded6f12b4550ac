import {
  ProForm,
  ProFormItem,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea
} from '@ant-design/pro-components'
import type { AdminArticleColumn, AdminArticleDetail, AdminArticleFields } from '@contract/admin'
import { App, Button, Drawer, Result, Skeleton } from 'antd'
import { useCallback, useEffect, useState } from 'react'

import { api } from '../../api/client'
import { HtmlEditor } from '../../components/HtmlEditor'
import { SingleImageUpload } from '../../components/ImageUpload'
import { useEditorGuard } from '../../unsaved'

interface Props {
  articleId: number | null
  columns: AdminArticleColumn[]
  onClose: () => void
  onSaved: () => void
}

/** Writing or editing an operator's article: published on save, its rich text sanitized by the server. */
export function ArticleEditor({ articleId, columns, onClose, onSaved }: Props) {
  const { message } = App.useApp()
  const [detail, setDetail] = useState<AdminArticleDetail | null>(null)
  const [loading, setLoading] = useState(articleId !== null)
  const [error, setError] = useState('')
  const guard = useEditorGuard()

  const load = useCallback(async () => {
    if (articleId === null) return
    setLoading(true)
    setError('')
    try {
      setDetail(await api.get<AdminArticleDetail>('/article/detail', { article_id: articleId }))
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setLoading(false)
    }
  }, [articleId])
  useEffect(() => void load(), [load])

  const save = async (values: AdminArticleFields) => {
    const body = { ...values, cover: values.cover ?? '', summary: values.summary ?? '', author: values.author ?? '' }
    try {
      if (detail) await api.post('/article/edit', { ...body, article_id: detail.article_id, version: detail.version })
      else await api.post('/article/add', body)
      message.success(detail ? '文章已保存' : '文章已发布')
      guard.saved()
      onSaved()
      return true
    } catch (e) {
      message.error((e as Error).message)
      return false
    }
  }

  return (
    <Drawer
      open
      width={860}
      title={articleId === null ? '写文章' : '编辑文章'}
      onClose={() => guard.close(onClose)}
      destroyOnClose
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : error ? (
        <Result status="warning" title="文章加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
      ) : (
        <ProForm<AdminArticleFields>
          initialValues={
            detail ?? {
              visible: true,
              pinned: false,
              recommended: false,
              author: '易学编辑部',
              category_id: columns[0]?.category_id
            }
          }
          onValuesChange={guard.changed}
          onFinish={save}
          submitter={{ searchConfig: { submitText: articleId === null ? '发布' : '保存' }, resetButtonProps: false }}
        >
          <ProFormText
            name="title"
            label="标题"
            rules={[
              { required: true, message: '请填写标题' },
              { max: 128, message: '不超过 128 个字' }
            ]}
          />
          <ProForm.Group>
            <ProFormSelect
              name="category_id"
              label="栏目"
              width="sm"
              options={columns.map((c) => ({ value: c.category_id, label: c.name }))}
              rules={[{ required: true, message: '请选择栏目' }]}
            />
            <ProFormText name="author" label="作者" width="sm" rules={[{ max: 32, message: '不超过 32 个字' }]} />
            <ProFormSwitch name="visible" label="在 App 显示" />
            <ProFormSwitch name="pinned" label="置顶" />
            <ProFormSwitch name="recommended" label="推荐" />
          </ProForm.Group>
          <ProFormItem name="cover" label="封面">
            <SingleImageUpload />
          </ProFormItem>
          <ProFormTextArea
            name="summary"
            label="摘要"
            placeholder="留空则取正文开头"
            fieldProps={{ rows: 2, maxLength: 512, showCount: true }}
          />
          <ProFormItem name="content" label="正文" rules={[{ required: true, message: '请填写正文' }]}>
            <HtmlEditor />
          </ProFormItem>
        </ProForm>
      )}
    </Drawer>
  )
}
