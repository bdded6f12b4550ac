import './LanguageSetting.scss'

import { type Locale, LOCALE_NAMES, LOCALES } from '@contract/locale'
import { Text, View } from '@tarojs/components'
import { useState } from 'react'

import { t } from '@/core/i18n'
import { useLocale } from '@/hooks/useLocale'
import { localeSetting } from '@/platform/locale'

/**
 * The 语言 / Language row of 我的 and its sheet: 跟随系统 (the device's language, named beside it) and the five
 * languages, each in its own name so that anyone finds theirs whatever the app is in now. The choice is kept
 * (storage `locale`) and the app draws again in it at once.
 */
export default function LanguageSetting() {
  const locale = useLocale()
  const [open, setOpen] = useState(false)
  const chosen = localeSetting.chosen()
  const pick = (next: Locale | undefined) => {
    localeSetting.choose(next)
    setOpen(false)
  }
  const options: { key: string; value: Locale | undefined; label: string; hint?: string }[] = [
    {
      key: 'system',
      value: undefined,
      label: t('language.followSystem'),
      hint: LOCALE_NAMES[localeSetting.device()]
    },
    ...LOCALES.map((value) => ({ key: value, value, label: LOCALE_NAMES[value] }))
  ]
  return (
    <View className="entry-grid language-setting">
      <Text className="entry-grid__title">{t('mine.groupSettings')}</Text>
      <View className="language-setting__row mine__language" onClick={() => setOpen(true)}>
        <Text className="language-setting__label">{t('language.entry')}</Text>
        <Text className="language-setting__value">{chosen ? LOCALE_NAMES[locale] : t('language.followSystem')} ›</Text>
      </View>
      {open && (
        <View className="language-sheet" role="dialog" aria-label={t('language.title')}>
          <View className="language-sheet__mask" onClick={() => setOpen(false)} />
          <View className="language-sheet__panel">
            <Text className="language-sheet__title">{t('language.title')}</Text>
            {options.map((option) => {
              const selected = option.value === chosen
              return (
                <View
                  key={option.key}
                  className={`language-sheet__option${selected ? ' language-sheet__option--selected' : ''}`}
                  role="option"
                  aria-selected={selected}
                  data-locale={option.key}
                  onClick={() => pick(option.value)}
                >
                  <Text className="language-sheet__name">{option.label}</Text>
                  {option.hint && <Text className="language-sheet__hint">{option.hint}</Text>}
                  {selected && <Text className="language-sheet__check">✓</Text>}
                </View>
              )
            })}
            <View className="language-sheet__cancel" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </View>
          </View>
        </View>
      )}
    </View>
  )
}
