import './list.scss'

import type { BaziRecord } from '@contract'
import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { deleteBazi, getBaziList, renameBazi, setDefaultBazi } from '@/api/tools'
import Page from '@/components/Page'
import { Empty, PagedView } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { noPage, useListPage } from '@/hooks/useListPage'
import { navigateTo } from '@/navigation'
import { confirmDialog } from '@/platform/ui'

import { recordPlateUrl, recordZiweiUrl } from './components/birth'
import { birthLine } from './components/format'
import NamePrompt from './components/NamePrompt'
import Pillars from './components/Pillars'
import { useLogin } from './components/useLogin'

const toast = (title: string, icon: 'none' | 'success' = 'none') =>
  Taro.showToast({ title, icon }).catch(() => undefined)

/** pages/bazi/list: my saved charts — open, rename, delete, set the default for the daily tools. */
function BaziList() {
  const loggedIn = useLogin('登录后查看八字档案')
  const records = useListPage(
    (page) => (loggedIn ? getBaziList({ page }) : Promise.resolve(noPage<BaziRecord>())),
    [loggedIn]
  )
  const [renaming, setRenaming] = useState<BaziRecord>()
  const [renameError, setRenameError] = useState('')

  const rename = async (name: string) => {
    if (!renaming) return
    try {
      const next = await renameBazi({ id: renaming.id, name })
      records.update((r) => r.id === next.id, next)
      setRenaming(undefined)
      toast('已改名', 'success')
    } catch (e) {
      setRenameError(errorMessage(e))
    }
  }
  const remove = async (record: BaziRecord) => {
    if (!(await confirmDialog('删除档案', `确定删除“${record.name}”吗？删除后不可恢复（已购买的报告仍可查看）。`)))
      return
    try {
      await deleteBazi({ id: record.id })
      records.update((r) => r.id === record.id, null)
      toast('已删除', 'success')
    } catch {
      // the request layer has shown why
    }
  }
  const makeDefault = async (record: BaziRecord) => {
    try {
      await setDefaultBazi({ id: record.id })
    } catch {
      return // the request layer has shown why
    }
    // only one default: refresh the flag of every record shown
    for (const r of records.items) records.update((x) => x.id === r.id, { ...r, is_default: r.id === record.id })
    toast('已设为默认命盘', 'success')
  }

  return (
    <Page share={{ title: '八字档案', desc: '保存的命盘，一键排盘、解读与详批' }}>
      {!loggedIn ? (
        <Empty text="登录后查看八字档案" />
      ) : (
        <PagedView
          list={records}
          empty={
            <View className="bazi-list__empty">
              <Empty text="还没有保存的档案" />
              <Button className="bazi-list__new" onClick={() => navigateTo('/pages/bazi/bazi')}>
                去排盘
              </Button>
            </View>
          }
        >
          {() => (
            <View className="bazi-list">
              <Text className="bazi-list__count">共 {records.total} 个档案</Text>
              {records.items.map((r) => (
                <View key={r.id} className="bazi-card" data-id={r.id}>
                  <View className="bazi-card__main" onClick={() => navigateTo(recordPlateUrl(r))}>
                    <View className="bazi-card__info">
                      <View className="bazi-card__head">
                        <Text className="bazi-card__name">{r.name}</Text>
                        {r.is_default && <Text className="bazi-card__badge">默认</Text>}
                      </View>
                      <Text className="bazi-card__birth">{birthLine(r.birth)}</Text>
                    </View>
                    <Pillars pillars={r.pillars} />
                  </View>
                  <View className="bazi-card__actions">
                    <Text
                      className="bazi-card__action bazi-card__read"
                      onClick={() => navigateTo(`/pages/bazi/components/index/aiAnalysis/index?record_id=${r.id}`)}
                    >
                      解读
                    </Text>
                    <Text
                      className="bazi-card__action bazi-card__report"
                      onClick={() => navigateTo(`/calculation/pages/index?record_id=${r.id}`)}
                    >
                      详批
                    </Text>
                    <Text className="bazi-card__action bazi-card__ziwei" onClick={() => navigateTo(recordZiweiUrl(r))}>
                      紫微
                    </Text>
                    <Text
                      className="bazi-card__action bazi-card__rename"
                      onClick={() => (setRenameError(''), setRenaming(r))}
                    >
                      改名
                    </Text>
                    {!r.is_default && (
                      <Text className="bazi-card__action bazi-card__default" onClick={() => void makeDefault(r)}>
                        设为默认
                      </Text>
                    )}
                    <Text className="bazi-card__action bazi-card__delete" onClick={() => void remove(r)}>
                      删除
                    </Text>
                  </View>
                </View>
              ))}
            </View>
          )}
        </PagedView>
      )}
      {renaming && (
        <NamePrompt
          title="修改档案名称"
          initial={renaming.name}
          error={renameError}
          onConfirm={rename}
          onCancel={() => setRenaming(undefined)}
        />
      )}
    </Page>
  )
}

export default observer(BaziList)
