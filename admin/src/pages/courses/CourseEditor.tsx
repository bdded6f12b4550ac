import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons'
import {
  ModalForm,
  PageContainer,
  ProForm,
  ProFormDigit,
  ProFormItem,
  ProFormSelect,
  ProFormSwitch,
  ProFormText
} from '@ant-design/pro-components'
import type {
  AdminCourseCategory,
  AdminCourseChapter,
  AdminCourseDetail,
  AdminCourseLesson,
  AdminCourseSaved
} from '@contract/admin'
import {
  App,
  Button,
  Card,
  Empty,
  type FormInstance,
  List,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography
} from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router-dom'

import { api } from '../../api/client'
import { HtmlEditor } from '../../components/HtmlEditor'
import { SingleImageUpload } from '../../components/ImageUpload'
import { yuan } from '../../format'
import { useSession } from '../../session'
import { leave, useUnsavedChanges } from '../../unsaved'
import { KIND_TEXT } from './CourseList'
import { LiveSessions } from './LiveSessions'
import { OfflineClasses } from './OfflineClasses'
import { VideoUpload } from './VideoUpload'

interface CourseForm {
  title: string
  subtitle: string
  cover: string
  intro: string
  price_yuan: number
  original_price_yuan: number
  teacher: string
  teacher_title: string
  category_id: number
}

const NEXT_STEP = {
  recorded: '课程已创建，请继续添加章节和课时',
  live: '课程已创建，请继续安排直播',
  offline: '课程已创建，请继续开班'
}
const toFen = (yuanValue: number | undefined) => Math.round((yuanValue ?? 0) * 100)
const minutes = (sec: number) => `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`

/** One course: its fields, and for a recorded course its chapters and lessons. Every save carries the version shown. */
export default function CourseEditor() {
  const { id } = useParams()
  const isNew = id === 'new'
  // A new course is recorded unless the list asked for a live one.
  const asked = useSearchParams()[0].get('kind')
  const newKind = asked === 'live' || asked === 'offline' ? asked : 'recorded'
  const navigate = useNavigate()
  const { can } = useSession()
  const { message } = App.useApp()
  const editable = can('course.edit')
  const [course, setCourse] = useState<AdminCourseDetail | null>(null)
  const [categories, setCategories] = useState<AdminCourseCategory[]>([])
  const [error, setError] = useState('')

  const load = useCallback(() => {
    setError('')
    api.get<AdminCourseCategory[]>('/course/categories').then(setCategories, (e: Error) => setError(e.message))
    if (!isNew)
      api.get<AdminCourseDetail>('/course/detail', { course_id: id }).then(setCourse, (e: Error) => setError(e.message))
  }, [id, isNew])
  useEffect(load, [load])
  // The course form's fields (the outline below saves each change at once).
  const [dirty, setDirty] = useState(false)
  useUnsavedChanges(dirty && editable)

  /** Runs a write; on a refusal (a stale version among them) the course is read again. */
  const write = async (
    path: string,
    params: Record<string, unknown>,
    done: string
  ): Promise<AdminCourseSaved | null> => {
    try {
      const saved = await api.post<AdminCourseSaved>(path, params)
      message.success(done)
      return saved
    } catch (e) {
      message.error((e as Error).message)
      return null
    } finally {
      if (!isNew) load()
    }
  }
  const outlineWrite = (path: string, params: Record<string, unknown>, done: string) =>
    write(path, { course_id: course!.course_id, version: course!.version, ...params }, done)

  if (error)
    return (
      <Result status="warning" title="课程加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
    )
  if (!isNew && !course) return <Skeleton active style={{ padding: 24 }} />

  const initial: Partial<CourseForm> = course
    ? { ...course, price_yuan: course.price_fen / 100, original_price_yuan: course.original_price_fen / 100 }
    : { subtitle: '', cover: '', intro: '', price_yuan: 0, original_price_yuan: 0, teacher_title: '' }

  const saveCourse = async (v: CourseForm) => {
    const fields = {
      ...v,
      cover: v.cover ?? '',
      intro: v.intro ?? '',
      subtitle: v.subtitle ?? '',
      teacher_title: v.teacher_title ?? '',
      price_fen: toFen(v.price_yuan),
      original_price_fen: toFen(v.original_price_yuan)
    }
    if (isNew) {
      const saved = await write('/course/add', { ...fields, kind: newKind }, NEXT_STEP[newKind])
      if (saved) {
        setDirty(false)
        navigate(`/courses/${saved.course_id}`, { replace: true })
      }
      return
    }
    const saved = await write(
      '/course/edit',
      { ...fields, course_id: course!.course_id, version: course!.version },
      '已保存'
    )
    if (saved) setDirty(false)
  }

  /** The outline with one chapter or lesson moved up or down by one. */
  const move = (chapters: AdminCourseChapter[], chapterIndex: number, lessonIndex: number | null, by: -1 | 1) => {
    const order = chapters.map((c) => ({ chapter_id: c.chapter_id, lesson_ids: c.lessons.map((l) => l.lesson_id) }))
    const list: unknown[] = lessonIndex === null ? order : order[chapterIndex].lesson_ids
    const at = lessonIndex ?? chapterIndex
    const to = at + by
    if (to < 0 || to >= list.length) return
    ;[list[at], list[to]] = [list[to], list[at]]
    void outlineWrite('/course/reorder', { chapters: order }, '顺序已调整')
  }

  return (
    <PageContainer
      title={isNew ? `新建${KIND_TEXT[newKind]}` : course!.title}
      onBack={() => leave(() => navigate('/courses'))}
      tags={
        course
          ? [
              <Tag key="k">{KIND_TEXT[course.kind]}</Tag>,
              course.visible ? (
                <Tag key="v" color="green">
                  已上架
                </Tag>
              ) : (
                <Tag key="v">已下架</Tag>
              )
            ]
          : undefined
      }
      extra={
        course && editable ? (
          <Popconfirm
            title={course.visible ? '下架后用户将看不到该课程，确定？' : '上架后用户即可看到并购买该课程，确定？'}
            onConfirm={() =>
              outlineWrite('/course/shelf', { visible: !course.visible }, course.visible ? '已下架' : '已上架')
            }
          >
            <Button type={course.visible ? 'default' : 'primary'}>{course.visible ? '下架' : '上架'}</Button>
          </Popconfirm>
        ) : undefined
      }
      content={
        course
          ? `报名 ${course.enrollments} 人 · 价格 ${course.price_fen ? yuan(course.price_fen) : '免费'}`
          : undefined
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title="课程信息">
          <ProForm<CourseForm>
            key={course ? `${course.course_id}-${course.version}` : 'new'}
            name="course"
            initialValues={initial}
            disabled={!editable}
            submitter={
              editable ? { searchConfig: { submitText: isNew ? '创建课程' : '保存' }, resetButtonProps: false } : false
            }
            onFinish={saveCourse}
            onValuesChange={() => setDirty(true)}
            layout="horizontal"
            labelCol={{ span: 4 }}
            wrapperCol={{ span: 14 }}
          >
            <ProFormText
              name="title"
              label="课程名称"
              rules={[
                { required: true, message: '请填写课程名称' },
                { max: 64, message: '不超过 64 字' }
              ]}
            />
            <ProFormText name="subtitle" label="副标题" rules={[{ max: 128, message: '不超过 128 字' }]} />
            <ProFormSelect
              name="category_id"
              label="分类"
              options={categories.map((c) => ({ value: c.category_id, label: c.name }))}
              rules={[{ required: true, message: '请选择分类' }]}
            />
            <ProFormText
              name="teacher"
              label="讲师"
              rules={[
                { required: true, message: '请填写讲师' },
                { max: 32, message: '不超过 32 字' }
              ]}
            />
            <ProFormText name="teacher_title" label="讲师头衔" rules={[{ max: 64, message: '不超过 64 字' }]} />
            <ProFormDigit
              name="price_yuan"
              label="价格（元）"
              min={0}
              max={100_000}
              fieldProps={{ precision: 2 }}
              extra="0 为免费课，用户报名即可学习"
              rules={[{ required: true, message: '请填写价格' }]}
            />
            <ProFormDigit
              name="original_price_yuan"
              label="划线价（元）"
              min={0}
              max={100_000}
              fieldProps={{ precision: 2 }}
            />
            <ProFormItem name="cover" label="封面" extra="上传 JPG、PNG、GIF 或 WebP（不超过 5MB），或粘贴图片网址">
              <SingleImageUpload />
            </ProFormItem>
            <ProFormItem name="intro" label="课程介绍" extra="保存时会去掉脚本等不安全的内容">
              <HtmlEditor />
            </ProFormItem>
          </ProForm>
        </Card>

        {course && course.kind === 'live' && (
          <LiveSessions courseId={course.course_id} version={course.version} editable={editable} write={outlineWrite} />
        )}
        {course && course.kind === 'offline' && (
          <OfflineClasses
            courseId={course.course_id}
            version={course.version}
            editable={editable}
            write={outlineWrite}
          />
        )}

        {course && course.kind === 'recorded' && (
          <Card
            title="课程目录"
            extra={
              editable && (
                <ModalForm<{ title: string }>
                  name="newChapter"
                  title="新增章节"
                  width={420}
                  modalProps={{ destroyOnClose: true }}
                  trigger={<Button icon={<PlusOutlined />}>新增章节</Button>}
                  onFinish={async (v) => !!(await outlineWrite('/course/chapterSave', v, '章节已添加'))}
                >
                  <ProFormText
                    name="title"
                    label="章节名称"
                    rules={[
                      { required: true, message: '请填写章节名称' },
                      { max: 64, message: '不超过 64 字' }
                    ]}
                  />
                </ModalForm>
              )
            }
          >
            {course.chapters.length === 0 ? (
              <Empty description="还没有章节：先新增一章，再在其中添加课时" />
            ) : (
              <Space direction="vertical" size={12} style={{ width: '100%' }}>
                {course.chapters.map((ch, ci) => (
                  <Card
                    key={ch.chapter_id}
                    size="small"
                    type="inner"
                    title={`第 ${ci + 1} 章 · ${ch.title}`}
                    extra={
                      editable && (
                        <Space>
                          <Button
                            size="small"
                            icon={<ArrowUpOutlined />}
                            disabled={ci === 0}
                            onClick={() => move(course.chapters, ci, null, -1)}
                            aria-label="上移章节"
                          />
                          <Button
                            size="small"
                            icon={<ArrowDownOutlined />}
                            disabled={ci === course.chapters.length - 1}
                            onClick={() => move(course.chapters, ci, null, 1)}
                            aria-label="下移章节"
                          />
                          <ModalForm<{ title: string }>
                            name={`chapter${ch.chapter_id}`}
                            title="修改章节"
                            width={420}
                            modalProps={{ destroyOnClose: true }}
                            initialValues={{ title: ch.title }}
                            trigger={<a>改名</a>}
                            onFinish={async (v) =>
                              !!(await outlineWrite(
                                '/course/chapterSave',
                                { ...v, chapter_id: ch.chapter_id },
                                '章节已修改'
                              ))
                            }
                          >
                            <ProFormText
                              name="title"
                              label="章节名称"
                              rules={[
                                { required: true, message: '请填写章节名称' },
                                { max: 64, message: '不超过 64 字' }
                              ]}
                            />
                          </ModalForm>
                          <Popconfirm
                            title="删除这一章？（章内需没有课时）"
                            onConfirm={() =>
                              outlineWrite('/course/chapterDelete', { chapter_id: ch.chapter_id }, '章节已删除')
                            }
                          >
                            <a>删除</a>
                          </Popconfirm>
                          <LessonModal
                            chapters={course.chapters}
                            chapterId={ch.chapter_id}
                            onSave={(v) => outlineWrite('/course/lessonSave', v, '课时已添加')}
                          />
                        </Space>
                      )
                    }
                  >
                    <List
                      size="small"
                      dataSource={ch.lessons}
                      locale={{ emptyText: '本章还没有课时' }}
                      renderItem={(l, li) => (
                        <List.Item
                          actions={
                            editable
                              ? [
                                  <Button
                                    key="up"
                                    size="small"
                                    type="text"
                                    icon={<ArrowUpOutlined />}
                                    disabled={li === 0}
                                    onClick={() => move(course.chapters, ci, li, -1)}
                                    aria-label="上移课时"
                                  />,
                                  <Button
                                    key="down"
                                    size="small"
                                    type="text"
                                    icon={<ArrowDownOutlined />}
                                    disabled={li === ch.lessons.length - 1}
                                    onClick={() => move(course.chapters, ci, li, 1)}
                                    aria-label="下移课时"
                                  />,
                                  <LessonModal
                                    key="edit"
                                    chapters={course.chapters}
                                    chapterId={ch.chapter_id}
                                    lesson={l}
                                    onSave={(v) =>
                                      outlineWrite('/course/lessonSave', { ...v, lesson_id: l.lesson_id }, '课时已保存')
                                    }
                                  />,
                                  <Popconfirm
                                    key="del"
                                    title="删除该课时？学员在此课时的学习进度也会删除"
                                    onConfirm={() =>
                                      outlineWrite('/course/lessonDelete', { lesson_id: l.lesson_id }, '课时已删除')
                                    }
                                  >
                                    <a>删除</a>
                                  </Popconfirm>
                                ]
                              : []
                          }
                        >
                          <Space>
                            <span>{l.title}</span>
                            {l.preview && <Tag color="blue">免费试看</Tag>}
                            <Typography.Text type="secondary">{minutes(l.duration_sec)}</Typography.Text>
                            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
                              {l.video}
                            </Typography.Text>
                          </Space>
                        </List.Item>
                      )}
                    />
                  </Card>
                ))}
              </Space>
            )}
          </Card>
        )}
      </Space>
    </PageContainer>
  )
}

interface LessonForm {
  chapter_id: number
  title: string
  preview: boolean
  duration_min: number
  duration_rest: number
  video: string
}

/** Adds a lesson to a chapter, or edits one (and may move it to another chapter). */
function LessonModal({
  chapters,
  chapterId,
  lesson,
  onSave
}: {
  chapters: AdminCourseChapter[]
  chapterId: number
  lesson?: AdminCourseLesson
  onSave: (v: Record<string, unknown>) => Promise<AdminCourseSaved | null>
}) {
  return (
    <ModalForm<LessonForm>
      name={lesson ? `lesson${lesson.lesson_id}` : `newLesson${chapterId}`}
      title={lesson ? '修改课时' : '新增课时'}
      width={520}
      modalProps={{ destroyOnClose: true }}
      trigger={lesson ? <a>编辑</a> : <a>添加课时</a>}
      initialValues={{
        chapter_id: chapterId,
        title: lesson?.title,
        preview: lesson?.preview ?? false,
        duration_min: lesson ? Math.floor(lesson.duration_sec / 60) : 0,
        duration_rest: lesson ? lesson.duration_sec % 60 : 0,
        video: lesson?.video
      }}
      onFinish={async ({ duration_min, duration_rest, ...v }) =>
        !!(await onSave({ ...v, duration_sec: (duration_min ?? 0) * 60 + (duration_rest ?? 0) }))
      }
    >
      <ProFormSelect
        name="chapter_id"
        label="所属章节"
        options={chapters.map((c) => ({ value: c.chapter_id, label: c.title }))}
        rules={[{ required: true, message: '请选择章节' }]}
      />
      <ProFormText
        name="title"
        label="课时名称"
        rules={[
          { required: true, message: '请填写课时名称' },
          { max: 64, message: '不超过 64 字' }
        ]}
      />
      <ProForm.Group title="时长">
        <ProFormDigit
          name="duration_min"
          label="分"
          min={0}
          max={1440}
          fieldProps={{ precision: 0 }}
          width="xs"
          dependencies={['duration_rest']}
          extra="上传视频后自动读取"
          rules={[
            ({ getFieldValue }: FormInstance) => ({
              validator: (_: unknown, minutes: number | null) =>
                (minutes ?? 0) * 60 + (getFieldValue('duration_rest') ?? 0) > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error('请填写课时时长，学员看完其中九成即算学完'))
            })
          ]}
        />
        <ProFormDigit name="duration_rest" label="秒" min={0} max={59} fieldProps={{ precision: 0 }} width="xs" />
      </ProForm.Group>
      <ProFormText
        name="video"
        label="视频"
        extra="上传后自动填入（media:…，仅通过签名链接播放），也可填 https 地址"
        rules={[{ required: true, message: '请上传或填写视频' }]}
      />
      <VideoUpload />
      <ProFormSwitch name="preview" label="免费试看" extra="开启后未购买的用户也能观看" />
    </ModalForm>
  )
}
