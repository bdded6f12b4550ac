import type { ClientKind } from '@contract'
import { DEFAULT_PRESET, isHiddenLink, presetHidden } from '@contract/features'

import { createSignal } from './signal'

/**
 * The features this client hides (渠道功能, contract/features.ts): the server's answer once it came, before that
 * the last answer kept on the device, else the client's default preset (the mini-program's is the compliant one,
 * so a first launch in review never shows what review refuses).
 */
let hidden: readonly string[] = []
const changed = createSignal<readonly string[]>()

export function startFeatures(client: ClientKind, kept: readonly string[] | undefined): void {
  hidden = kept ?? presetHidden(DEFAULT_PRESET[client])
}

export const hiddenFeatures = (): readonly string[] => hidden

export function setHiddenFeatures(next: readonly string[]): void {
  if (next.length === hidden.length && next.every((key) => hidden.includes(key))) return
  hidden = next
  changed.emit(next)
}

export const onFeaturesChange = changed.subscribe

/** Whether an app address (or our H5 page in a web view) leads to a feature this client hides. */
export const linkHidden = (url: string | undefined | null): boolean => !!url && isHiddenLink(url, hidden)

/** Asks the server once; a failed answer keeps what is in force (the kept or default list). */
export async function loadFeatures(
  fetch: () => Promise<{ hidden: string[] }>,
  keep: (list: string[]) => void
): Promise<void> {
  try {
    const { hidden: list } = await fetch()
    if (!Array.isArray(list)) return
    keep(list)
    setHiddenFeatures(list)
  } catch {
    // Offline or refused: the list in force stays.
  }
}
