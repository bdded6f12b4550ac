import { fireEvent, waitFor } from '@testing-library/react'

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

/** Types into a Taro Input (a web component whose inner <input> appears once it has rendered). */
export async function typeInto(container: Element, selector: string, value: string) {
  const input = await waitFor(() => {
    const el = container.querySelector(`${selector} input`)
    if (!el) throw new Error(`no input in ${selector}`)
    return el
  })
  fireEvent.input(input, { target: { value } })
  await settle()
}

/** Fires a Taro Picker's change, as a pick in its dialog does. */
export const pick = (container: Element, selector: string, value: unknown) =>
  fireTaro(container.querySelector(selector), 'change', value)

/** Taps the element matching `selector`. */
export const tapOn = (container: Element, selector: string) => {
  const el = container.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}`)
  return tap(el)
}
