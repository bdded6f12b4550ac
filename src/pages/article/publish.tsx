import './publish.scss'

import { Button, Image, Input, Picker, Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { getArticleCategories, publishArticle } from '@/api/article'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { useFieldErrors } from '@/components/useFieldErrors'
import { IMAGE_CHOOSE_COUNT } from '@/core/constants'
import { errorMessage } from '@/core/errors'
import { useRemote } from '@/hooks/useRemote'
import { useSubscribe } from '@/hooks/useSubscribe'
import { redirectTo } from '@/navigation'
import { chooseAndUploadImages } from '@/platform/image'
import { sessionStore } from '@/stores'

import { type ArticleDraft, type ArticleErrors, validateArticle } from './validate'

/** pages/article/publish: title, column, text and up to nine pictures; shown once approved. */
function Publish() {
  const categories = useRemote(() => getArticleCategories(), [])
  const [draft, setDraft] = useState<ArticleDraft>({ title: '', content: '', category_id: 0, images: [] })
  const { errors, setErrors, edited } = useFieldErrors<ArticleErrors>()
  const [busy, setBusy] = useState(false)
  // The review's result (文章审核结果) follows a publication: the mini-program asks at the tap that sends it.
  const subscribe = useSubscribe('apply')
  const set = (patch: Partial<ArticleDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    edited(...(Object.keys(patch) as Array<keyof ArticleErrors>))
  }

  if (!sessionStore.isLoggedIn) {
    return (
      <Page>
        <LoginRequired message="登录后即可发布文章" />
      </Page>
    )
  }
  if (!categories.data) {
    return (
      <Page>
        {categories.error ? <ErrorView message={categories.error} onRetry={categories.reload} /> : <Loading />}
      </Page>
    )
  }
  const list = categories.data.list
  const chosen = list.find((c) => c.category_id === draft.category_id)

  const addImages = async () => {
    try {
      const uploaded = await chooseAndUploadImages(IMAGE_CHOOSE_COUNT - draft.images.length)
      set({ images: [...draft.images, ...uploaded.map((u) => u.url)] })
    } catch (e) {
      Taro.showToast({ title: errorMessage(e), icon: 'none' })
    }
  }

  const submit = async () => {
    const found = validateArticle(draft)
    setErrors(found)
    if (Object.keys(found).length || busy) return
    setBusy(true)
    await subscribe()
    try {
      await publishArticle(draft)
      await Taro.showToast({ title: '已提交，审核通过后展示', icon: 'none' })
      redirectTo('/pages/article/article')
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <View className="publish">
        <Input
          className="publish__title"
          placeholder="标题（4-40 字）"
          maxlength={40}
          value={draft.title}
          onInput={(e) => set({ title: e.detail.value })}
        />
        {errors.title && <Text className="publish__error">{errors.title}</Text>}
        <Picker
          mode="selector"
          range={list.map((c) => c.name)}
          onChange={(e) => set({ category_id: list[Number(e.detail.value)].category_id })}
        >
          <View className="publish__row">
            <Text>栏目</Text>
            <Text className={chosen ? '' : 'publish__placeholder'}>{chosen ? chosen.name : '请选择栏目 ›'}</Text>
          </View>
        </Picker>
        {errors.category_id && <Text className="publish__error">{errors.category_id}</Text>}
        <Textarea
          className="publish__content"
          placeholder="正文（10-5000 字），换行即分段"
          maxlength={5000}
          value={draft.content}
          onInput={(e) => set({ content: e.detail.value })}
        />
        {errors.content && <Text className="publish__error">{errors.content}</Text>}
        <View className="publish__images">
          {draft.images.map((url) => (
            <View key={url} className="publish__image">
              <Image src={url} mode="aspectFill" className="publish__image-img" />
              <Text
                className="publish__image-remove"
                onClick={() => set({ images: draft.images.filter((u) => u !== url) })}
              >
                ×
              </Text>
            </View>
          ))}
          {draft.images.length < IMAGE_CHOOSE_COUNT && (
            <View className="publish__image publish__image--add" onClick={addImages}>
              +
            </View>
          )}
        </View>
        {errors.form && <Text className="publish__error">{errors.form}</Text>}
        <Button className="publish__submit" loading={busy} disabled={busy} onClick={submit}>
          提交审核
        </Button>
        <Text className="publish__note">文章经审核后展示；请勿发布违法、侵权或广告内容。</Text>
      </View>
    </Page>
  )
}

export default observer(Publish)
