/** A cell as spreadsheet programs read it safely: quoted, and a leading = + - @ neutralised (formula injection). */
function cell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s
}

/** CSV with a byte-order mark, so Excel opens the Chinese text as UTF-8. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return '\ufeff' + [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
}

/**
 * Parses CSV text (RFC 4180 quotes; comma, Chinese comma or tab between fields) into trimmed rows, blank lines dropped.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = []
  text
    .replace(/^\ufeff/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      if (!raw.trim()) return
      const fields: string[] = []
      let cur = ''
      let quoted = false
      for (let j = 0; j < raw.length; j++) {
        const c = raw[j]
        if (quoted) {
          if (c === '"' && raw[j + 1] === '"') {
            cur += '"'
            j++
          } else if (c === '"') quoted = false
          else cur += c
        } else if (c === '"') quoted = true
        else if (c === ',' || c === '，' || c === '\t') {
          fields.push(cur.trim())
          cur = ''
        } else cur += c
      }
      fields.push(cur.trim())
      rows.push({ line: i + 1, fields })
    })
  return rows
}

/**
 * Parses CSV as spreadsheet programs write it (RFC 4180): comma or tab between fields, quoted fields may
 * hold commas, quotes and line breaks. Each record carries the line it starts on; blank records are dropped.
 */
export function parseCsvRecords(text: string): { line: number; fields: string[] }[] {
  const src = text.replace(/^\ufeff/, '')
  const records: { line: number; fields: string[] }[] = []
  let fields: string[] = []
  let cur = ''
  let quoted = false
  let line = 1
  let start = 1
  const endRecord = () => {
    fields.push(cur.trim())
    if (fields.some((f) => f !== '')) records.push({ line: start, fields })
    fields = []
    cur = ''
  }
  for (let i = 0; i < src.length; i++) {
    const c = src[i]
    if (c === '\n') line++
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cur += '"'
        i++
      } else if (c === '"') quoted = false
      else cur += c
    } else if (c === '"') quoted = true
    else if (c === ',' || c === '\t') {
      fields.push(cur.trim())
      cur = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') continue
      endRecord()
      start = line
    } else cur += c
  }
  if (cur !== '' || fields.length) endRecord()
  return records
}
