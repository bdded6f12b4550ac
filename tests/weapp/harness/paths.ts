/**
 * setData paths as WeChat reads them: `a.b[0].c`, and Taro's `root.cn.[0].cn.[2]` (a dot before a
 * bracket). Returns the keys in order, numbers for array indexes.
 */
export function parseDataPath(path: string): Array<string | number> {
  const keys: Array<string | number> = []
  let name = ''
  for (let i = 0; i < path.length; i++) {
    const ch = path[i]
    if (ch === '\\' && i + 1 < path.length) {
      name += path[++i]
    } else if (ch === '.') {
      if (name) keys.push(name)
      name = ''
    } else if (ch === '[') {
      if (name) keys.push(name)
      name = ''
      const end = path.indexOf(']', i)
      if (end < 0) throw new Error(`setData: bad path ${path}`)
      keys.push(Number(path.slice(i + 1, end)))
      i = end
    } else {
      name += ch
    }
  }
  if (name) keys.push(name)
  return keys
}

/** Applies one setData entry to a data object the way WeChat's logic layer keeps `this.data`. */
export function applyDataPath(data: Record<string, unknown>, path: string, value: unknown): void {
  const keys = parseDataPath(path)
  let target: any = data
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i]
    const next = keys[i + 1]
    if (target[key] === null || typeof target[key] !== 'object') target[key] = typeof next === 'number' ? [] : {}
    target = target[key]
  }
  target[keys[keys.length - 1]] = value
}
