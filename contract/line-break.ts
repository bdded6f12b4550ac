/**
 * Chinese line breaking (避头尾, after the common rules of GB/T 15834 and W3C's "Requirements for Chinese
 * Text Layout"): a line never starts with closing or pausing punctuation and never ends with an opening
 * bracket or quote. Used wherever our own code breaks report text into lines: the server's PDF and the
 * app's long image, so both break the same way.
 */

/** May not start a line: pauses, stops and closing brackets and quotes (full and half width). */
export const NO_LINE_START = new Set([...'，。、；：？！…‥—～·）》」』】〕〗〉’”%‰℃,.;:?!)]}'])

/** May not end a line: opening brackets and quotes. */
export const NO_LINE_END = new Set([...'（《「『【〔〖〈‘“([{'])

const WORD = /[0-9A-Za-z]/

/**
 * Whether a line may break between `chars[at - 1]` and `chars[at]`: not before a closing mark, not after
 * an opening one, and not inside a run of Latin letters or digits ('1990', '2026年' keeps its year whole).
 */
export function canBreakAt(chars: readonly string[], at: number): boolean {
  if (at <= 0 || at >= chars.length) return true
  const before = chars[at - 1]
  const after = chars[at]
  if (NO_LINE_START.has(after) || NO_LINE_END.has(before)) return false
  return !(WORD.test(before) && WORD.test(after))
}

/**
 * Breaks `text` into lines whose `width` is at most `max`; a '\n' always breaks. When the character that
 * no longer fits may not start a line (or the last one that fits may not end it), characters move down
 * with it until the break is allowed; a line that has no allowed break at all is cut where it is full.
 * `firstIndent` narrows the first line of each paragraph (a 2-character indent, say).
 */
export function breakLines(text: string, width: (s: string) => number, max: number, firstIndent = 0): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    const chars = [...paragraph]
    if (!chars.length) {
      lines.push('')
      continue
    }
    let start = 0
    while (start < chars.length) {
      const room = start === 0 ? max - firstIndent : max
      let end = start + 1
      let line = chars[start]
      while (end < chars.length && width(line + chars[end]) <= room) line += chars[end++]
      if (end < chars.length) {
        let at = end
        while (at > start + 1 && !canBreakAt(chars, at)) at--
        if (canBreakAt(chars, at)) end = at
      }
      lines.push(chars.slice(start, end).join(''))
      start = end
    }
  }
  return lines
}
