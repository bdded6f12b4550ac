import { clearCredential, readCredential, saveCredential } from '../../../src/core/credential'
import { createStorage } from '../../../src/core/storage'
import { STORAGE_KEYS } from '../../../src/core/storage-keys'
import { createMemoryBackend } from './memory-storage'

describe('storage', () => {
  it('has exactly the keys of docs/spec.md §3, and the language chosen in 我的', () => {
    expect([...STORAGE_KEYS].sort()).toEqual(
      ['Authorization', 'VConsole', 'code', 'isLoggedIn', 'pathUrl', 'refereeId', 'returnUrl', 'locale'].sort()
    )
  })

  it('reads what was written and treats the platform\'s "" for a missing key as unset', () => {
    const backend = createMemoryBackend()
    const storage = createStorage(backend)
    storage.set('pathUrl', 'http://h5/#/')
    expect(storage.get('pathUrl')).toBe('http://h5/#/')
    backend.set('code', '')
    expect(storage.get('code')).toBeUndefined()
    storage.remove('pathUrl')
    expect(storage.get('pathUrl')).toBeUndefined()
  })

  it('tells subscribers about every change and clear', () => {
    const storage = createStorage(createMemoryBackend())
    const seen: Array<string | undefined> = []
    const stop = storage.subscribe((key) => seen.push(key))
    storage.set('refereeId', '1')
    storage.clear()
    stop()
    storage.set('refereeId', '2')
    expect(seen).toEqual(['refereeId', undefined])
  })

  it('a credential counts only with a token', () => {
    const storage = createStorage(createMemoryBackend())
    saveCredential(storage, { user_id: 3, token: 't' })
    expect(readCredential(storage)).toEqual({ user_id: 3, token: 't' })
    expect(storage.get('isLoggedIn')).toBe(true)
    clearCredential(storage)
    expect(readCredential(storage)).toBeUndefined()
    expect(storage.get('isLoggedIn')).toBeUndefined()
    storage.set('Authorization', { user_id: 3, token: '' })
    expect(readCredential(storage)).toBeUndefined()
  })
})
