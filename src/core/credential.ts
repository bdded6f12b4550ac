import type { AppStorage } from './storage'
import type { Credential } from './storage-keys'

/** Login state lives in storage: the credential under Authorization plus the isLoggedIn flag. */
export function saveCredential(storage: AppStorage, credential: Credential): void {
  storage.set('Authorization', { user_id: credential.user_id, token: credential.token })
  storage.set('isLoggedIn', true)
}

export function clearCredential(storage: AppStorage): void {
  storage.remove('Authorization')
  storage.remove('isLoggedIn')
}

/** The presence of the token decides login (docs/spec.md §6). */
export function readCredential(storage: AppStorage): Credential | undefined {
  const credential = storage.get('Authorization')
  return credential && credential.token ? credential : undefined
}
