/**
 * Fixed terms of our Traditional Chinese, applied in order after OpenCC's Simplified → Traditional (Taiwan
 * characters) conversion: OpenCC converts characters, not the words Traditional-script readers use for the same
 * thing (登錄 is 登入 there, 加載 is 載入). The app's generated zh-Hant catalogue and the server's zh-Hant messages both
 * go through it, so the two say the same.
 */
export const ZH_HANT_GLOSSARY: readonly (readonly [string, string])[] = [
  ['退出登錄', '登出'],
  ['登錄', '登入'],
  ['加載', '載入'],
  ['設置', '設定'],
  ['信息', '資訊'],
  ['“', '「'],
  ['”', '」']
]

/** The glossary applied to an OpenCC-converted text. */
export function applyZhHantGlossary(converted: string): string {
  let text = converted
  for (const [from, to] of ZH_HANT_GLOSSARY) text = text.split(from).join(to)
  return text
}
