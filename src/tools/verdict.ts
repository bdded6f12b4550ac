/** The colour class of a 吉/平/凶 verdict. */
export function tendencyClass(tendency: string): string {
  if (tendency.includes('凶')) return 'tool-xiong'
  if (tendency.includes('吉')) return 'tool-ji'
  return 'tool-ping'
}
