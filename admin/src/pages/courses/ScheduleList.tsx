import { PlusOutlined } from '@ant-design/icons'
import type { AdminCourseSaved } from '@contract/admin'
import { Alert, Button, Card, Popconfirm, Space, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import type { ReactNode } from 'react'

import { GuardedModalForm } from '../../components/GuardedModalForm'
import { useCourseParts } from './useCourseParts'

/** CourseEditor's write: every change carries the course's version (see CourseEditor). */
export type CourseWrite = (
  path: string,
  params: Record<string, unknown>,
  done: string
) => Promise<AdminCourseSaved | null>

export interface ScheduleListProps<T, F extends object> {
  courseId: number
  version: number
  editable: boolean
  write: CourseWrite
  /** The card's title: 直播场次, 线下开班. */
  title: string
  /** Read again whenever the course's version grows. */
  path: string
  /** The row's id, sent under this name to the save (edit) and the delete. */
  idKey: keyof T & string
  savePath: string
  deletePath: string
  texts: {
    /** The read failed: 直播场次加载失败. */
    failed: string
    empty: string
    /** The add button and the new form's title. */
    add: string
    /** The edit form's title. */
    edit: string
    added: string
    saved: string
    deleted: string
    confirmDelete: string
  }
  /** The form's name for a row or a new one (field ids derive from it). */
  formName: (row?: T) => string
  formWidth: number
  /** A new one's form values. */
  defaults: Partial<F>
  /** The fields holding times: ISO instants for the server, local date and time in the pickers. */
  times: (keyof T & keyof F & string)[]
  /** The save's params from the form's values, when some need more than the times converted. */
  toParams?: (values: F) => Record<string, unknown>
  fields: (row?: T) => ReactNode
  columns: ColumnsType<T>
  /** Links before 编辑 in a row (报名名单). */
  rowLinks?: (row: T) => ReactNode
  /** Below the table (a drawer), given a way to read the list again. */
  children?: (load: () => void) => ReactNode
}

/** A course's dated parts (live sessions, offline classes): a table, a form to add or edit one, delete. */
export function ScheduleList<T extends object, F extends object>(props: ScheduleListProps<T, F>) {
  const { editable, write, idKey, texts } = props
  const { rows, error, load } = useCourseParts<T>(props.path, props.courseId, props.version)

  const converted = (values: object, convert: (time: string) => string): Record<string, unknown> => ({
    ...values,
    ...Object.fromEntries(props.times.map((k) => [k, convert((values as Record<string, string>)[k])]))
  })
  const save = async (values: F, row?: T) =>
    !!(await write(
      props.savePath,
      { ...converted(props.toParams?.(values) ?? values, (t) => dayjs(t).toISOString()), [idKey]: row?.[idKey] },
      row ? texts.saved : texts.added
    ))
  const form = (row?: T) => (
    <GuardedModalForm<F>
      name={props.formName(row)}
      title={row ? texts.edit : texts.add}
      width={props.formWidth}
      modalProps={{ destroyOnClose: true }}
      trigger={row ? <a>编辑</a> : <Button icon={<PlusOutlined />}>{texts.add}</Button>}
      initialValues={row ? converted(row, (t) => dayjs(t).format('YYYY-MM-DD HH:mm:ss')) : props.defaults}
      onFinish={(values) => save(values, row)}
    >
      {props.fields(row)}
    </GuardedModalForm>
  )

  return (
    <Card title={props.title} extra={editable && form()}>
      {error ? (
        <Alert
          type="error"
          showIcon
          message={texts.failed}
          description={error}
          action={<Button onClick={load}>重试</Button>}
        />
      ) : (
        <Table<T>
          rowKey={idKey}
          size="small"
          loading={rows === null}
          dataSource={rows ?? []}
          pagination={false}
          locale={{ emptyText: texts.empty }}
          columns={[
            ...props.columns,
            {
              title: '操作',
              render: (_, row) => (
                <Space>
                  {props.rowLinks?.(row)}
                  {editable && form(row)}
                  {editable && (
                    <Popconfirm
                      title={texts.confirmDelete}
                      onConfirm={() => write(props.deletePath, { [idKey]: row[idKey] }, texts.deleted)}
                    >
                      <a>删除</a>
                    </Popconfirm>
                  )}
                </Space>
              )
            }
          ]}
        />
      )}
      {props.children?.(load)}
    </Card>
  )
}
