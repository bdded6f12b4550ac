import './list.scss'

import type { CourseKind } from '@contract'
import { Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { getCourseList, getFavoriteCourses } from '@/api/course'
import CourseCard from '@/components/course/CourseCard'
import { KIND_LABEL } from '@/components/course/format'
import Page from '@/components/Page'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import { useListPage } from '@/hooks/useListPage'

const KINDS = Object.keys(KIND_LABEL) as CourseKind[]

/** Courses by keyword, category and kind; with `mine=favorite` my favorite courses. */
export default function CourseList() {
  const params = Taro.getCurrentInstance().router?.params ?? {}
  const favorites = params.mine === 'favorite'
  const categoryId = Number(params.category_id) || undefined
  const [kind, setKind] = useState<CourseKind | undefined>(KINDS.find((k) => k === params.kind))
  const [draft, setDraft] = useState(decodeURIComponent(params.keyword || ''))
  const [keyword, setKeyword] = useState(draft)
  const list = useListPage(
    (page) =>
      favorites
        ? getFavoriteCourses({ page })
        : getCourseList({ page, category_id: categoryId, kind, keyword: keyword || undefined }),
    [favorites, categoryId, kind, keyword]
  )

  return (
    <Page
      title={favorites ? '我的收藏' : undefined}
      share={{ title: '易学课程', desc: '八字、六爻、风水、奇门，名师系统课' }}
    >
      {!favorites && (
        <View className="course-list__head">
          <View className="course-list__search">
            <Input
              className="course-list__input"
              placeholder="搜索课程、老师"
              value={draft}
              maxlength={32}
              focus={params.focus === '1'}
              confirmType="search"
              onInput={(e) => setDraft(e.detail.value)}
              onConfirm={() => setKeyword(draft.trim())}
            />
            <Text className="course-list__go" onClick={() => setKeyword(draft.trim())}>
              搜索
            </Text>
          </View>
          <View className="course-list__kinds">
            {[undefined, ...KINDS].map((k) => (
              <Text
                key={k ?? 'all'}
                className={`course-list__kind${k === kind ? ' course-list__kind--on' : ''}`}
                onClick={() => setKind(k)}
              >
                {k ? KIND_LABEL[k] : '全部'}
              </Text>
            ))}
          </View>
        </View>
      )}
      {!list.ready ? (
        <Loading />
      ) : list.error && !list.items.length ? (
        <ErrorView message={list.error} onRetry={list.refresh} />
      ) : !list.items.length ? (
        <Empty text={favorites ? '还没有收藏课程' : keyword ? `没有找到与“${keyword}”相关的课程` : '暂无课程'} />
      ) : (
        <View className="course-list__items">
          {list.items.map((course) => (
            <CourseCard key={course.course_id} course={course} />
          ))}
        </View>
      )}
      <ListFooter loading={list.loading && list.ready} finished={list.finished} empty={!list.items.length} />
    </Page>
  )
}
