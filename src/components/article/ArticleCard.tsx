import './article.scss'

import type { ArticleSummary } from '@contract'
import { Image, Text, View } from '@tarojs/components'

import { formatWan, relativeTime } from '@/core/format'
import { navigateTo } from '@/navigation'

/** One article in a list: 置顶/推荐 flags, title, summary, cover, author, views in 万 and likes. */
export default function ArticleCard({ article, extra }: { article: ArticleSummary; extra?: JSX.Element }) {
  return (
    <View className="article-card" onClick={() => navigateTo(`/pages/article/detail?article_id=${article.article_id}`)}>
      <View className="article-card__body">
        <Text className="article-card__title">
          {article.pinned && <Text className="article-card__flag">置顶</Text>}
          {article.recommended && <Text className="article-card__flag article-card__flag--hot">推荐</Text>}
          {article.title}
        </Text>
        <Text className="article-card__summary">{article.summary}</Text>
        <View className="article-card__meta">
          <Text>{article.author}</Text>
          <Text>{relativeTime(article.created_at)}</Text>
          <Text>{formatWan(article.views)}阅读</Text>
          <Text>{article.likes}赞</Text>
        </View>
        {extra}
      </View>
      {article.cover && <Image className="article-card__cover" src={article.cover} mode="aspectFill" lazyLoad />}
    </View>
  )
}
