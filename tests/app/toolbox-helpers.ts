import { fireEvent, waitFor } from '@testing-library/react'
import { settle } from './render'

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
export async function pick(container: Element, selector: string, value: unknown) {
  fireEvent(container.querySelector(selector)!, new CustomEvent('change', { detail: { value }, bubbles: true }))
  await settle()
}

export async function tap(container: Element, selector: string) {
  const el = container.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}`)
  fireEvent.click(el)
  await settle()
}
