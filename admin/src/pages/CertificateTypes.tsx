import { PlusOutlined } from '@ant-design/icons'
import {
  type ActionType,
  ModalForm,
  PageContainer,
  type ProColumns,
  ProFormCheckbox,
  ProFormDigit,
  ProFormItem,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProTable
} from '@ant-design/pro-components'
import type { AdminCertificateType } from '@contract/admin'
import { Button, Tag } from 'antd'
import { useRef, useState } from 'react'

import { useFormSave } from '../act'
import { api } from '../api/client'
import { HtmlEditor } from '../components/HtmlEditor'
import { SingleImageUpload } from '../components/ImageUpload'
import { yuan } from '../format'
import { useEditorGuard } from '../unsaved'

const FIELD_TEXT: Record<AdminCertificateType['required_fields'][number], string> = {
  education: '学历',
  work_unit: '工作单位'
}
const FIELD_OPTIONS = Object.entries(FIELD_TEXT).map(([value, label]) => ({ value, label }))

type FormValues = Omit<
  AdminCertificateType,
  'certificate_id' | 'category_name' | 'fee_fen' | 'applicants' | 'version'
> & { fee_yuan: number }

/** 证书类型: the certificates users register for — name, fee, the form's required fields, on or off the shelf. */
export default function CertificateTypes() {
  const table = useRef<ActionType>()
  const [categories, setCategories] = useState<{ category_id: number; name: string }[]>([])
  const [editing, setEditing] = useState<AdminCertificateType | 'new' | null>(null)
  const guard = useEditorGuard()
  const save = useFormSave({ saved: () => (guard.saved(), setEditing(null), table.current?.reload()) })
  const current = editing && editing !== 'new' ? editing : null

  const columns: ProColumns<AdminCertificateType>[] = [
    { title: '证书', dataIndex: 'title', render: (_, c) => <a onClick={() => setEditing(c)}>{c.title}</a> },
    { title: '分类', dataIndex: 'category_name', width: 100 },
    { title: '颁发机构', dataIndex: 'issuer', ellipsis: true },
    { title: '报名费', dataIndex: 'fee_fen', width: 100, render: (_, c) => (c.fee_fen ? yuan(c.fee_fen) : '免费') },
    {
      title: '必填项',
      dataIndex: 'required_fields',
      render: (_, c) =>
        ['姓名', '身份证号', '手机号', '证件照', ...c.required_fields.map((f) => FIELD_TEXT[f])].join('、')
    },
    { title: '报名人数', dataIndex: 'applicants', width: 90 },
    {
      title: '状态',
      dataIndex: 'visible',
      width: 80,
      render: (_, c) => (c.visible ? <Tag color="green">上架</Tag> : <Tag>下架</Tag>)
    },
    { title: '操作', valueType: 'option', width: 80, render: (_, c) => <a onClick={() => setEditing(c)}>编辑</a> }
  ]

  return (
    <PageContainer
      title="证书类型"
      content="App 证书页列出上架的证书；报名表总要姓名、身份证号、手机号和证件照，学历和工作单位按这里的设置必填。改报名费只影响之后的报名，已提交的报名按当时的金额。"
    >
      <ProTable<AdminCertificateType>
        rowKey="certificate_id"
        actionRef={table}
        columns={columns}
        search={false}
        pagination={false}
        locale={{ emptyText: '还没有证书' }}
        request={async () => {
          const data = await api.get<{
            list: AdminCertificateType[]
            categories: { category_id: number; name: string }[]
          }>('/certificate-type/lists')
          setCategories(data.categories)
          return { data: data.list, success: true }
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增证书
          </Button>
        ]}
      />
      <ModalForm<FormValues>
        key={current?.certificate_id ?? 'new'}
        title={current ? `编辑证书「${current.title}」` : '新增证书'}
        width={760}
        open={editing !== null}
        modalProps={{ destroyOnClose: true, onCancel: () => guard.close(() => setEditing(null)) }}
        onValuesChange={guard.changed}
        initialValues={
          current
            ? { ...current, fee_yuan: current.fee_fen / 100 }
            : {
                required_fields: ['education'],
                visible: true,
                sort: 0,
                fee_yuan: 0,
                category_id: categories[0]?.category_id
              }
        }
        onFinish={async ({ fee_yuan, ...values }) => {
          const body = {
            ...values,
            cover: values.cover ?? '',
            requirements: values.requirements ?? '',
            required_fields: values.required_fields ?? [],
            fee_fen: Math.round((fee_yuan ?? 0) * 100)
          }
          return save(
            () =>
              current
                ? api.post('/certificate-type/edit', {
                    ...body,
                    certificate_id: current.certificate_id,
                    version: current.version
                  })
                : api.post('/certificate-type/add', body),
            current ? '证书已保存' : '证书已新增'
          )
        }}
      >
        <ProFormText
          name="title"
          label="证书名称"
          rules={[
            { required: true, message: '请填写证书名称' },
            { max: 64, message: '不超过 64 个字' }
          ]}
        />
        <ProFormSelect
          name="category_id"
          label="分类"
          options={categories.map((c) => ({ value: c.category_id, label: c.name }))}
          rules={[{ required: true, message: '请选择分类' }]}
        />
        <ProFormText
          name="issuer"
          label="颁发机构"
          rules={[
            { required: true, message: '请填写颁发机构' },
            { max: 64, message: '不超过 64 个字' }
          ]}
        />
        <ProFormText name="level" label="级别" rules={[{ max: 16, message: '不超过 16 个字' }]} />
        <ProFormText name="summary" label="简介" rules={[{ max: 128, message: '不超过 128 个字' }]} />
        <ProFormDigit
          name="fee_yuan"
          label="报名费"
          min={0}
          max={100_000}
          fieldProps={{ precision: 2, addonAfter: '元' }}
          tooltip="0 为免费，提交即进入审核"
          rules={[{ required: true, message: '请填写报名费' }]}
        />
        <ProFormCheckbox.Group name="required_fields" label="另需必填" options={FIELD_OPTIONS} />
        <ProFormItem name="cover" label="封面">
          <SingleImageUpload />
        </ProFormItem>
        <ProFormItem name="requirements" label="报名要求">
          <HtmlEditor />
        </ProFormItem>
        <ProFormDigit
          name="sort"
          label="排序"
          tooltip="数字小的排在前面"
          min={0}
          max={9999}
          fieldProps={{ precision: 0 }}
        />
        <ProFormSwitch name="visible" label="上架" />
      </ModalForm>
    </PageContainer>
  )
}
