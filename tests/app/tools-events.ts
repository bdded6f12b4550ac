import { fireEvent } from '@testing-library/react'
import { settle } from './render'

/**
 * Taro's H5 components are web components that jsdom does not upgrade, so their events are fired
 * the way the components dispatch them: a CustomEvent whose detail holds the value.
 */
export async function fireTaro(element: Element | null, type: 'input' | 'change' | 'confirm', value: unknown) {
  if (!element) throw new Error(`no element to fire ${type} on`)
  fireEvent(element, new CustomEvent(type, { detail: { value }, bubbles: true }))
  await settle()
}

export async function tap(element: Element | null) {
  if (!element) throw new Error('no element to tap')
  fireEvent.click(element)
  await settle()
}

/** The first element whose own text is exactly `text` (among those matching `selector`). */
export function byText(container: Element, selector: string, text: string): Element | null {
  return Array.from(container.querySelectorAll(selector)).find((el) => el.textContent?.trim() === text) ?? null
}
