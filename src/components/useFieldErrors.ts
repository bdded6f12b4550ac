import { useCallback, useState } from 'react'

/**
 * A form's messages under its fields. Submitting sets them all (`setErrors`); a field the user then changes drops the
 * message about its old value at once (`edited`), instead of keeping it red until the next submit.
 */
export function useFieldErrors<E extends object>() {
  const [errors, setErrors] = useState<E>({} as E)
  const edited = useCallback(
    (...keys: Array<keyof E>) =>
      setErrors((current) => {
        if (!keys.some((k) => current[k] !== undefined)) return current
        const next = { ...current }
        for (const k of keys) delete next[k]
        return next
      }),
    []
  )
  /** A change handler that stores the value and clears the field's message: `onChange={editing(setName, 'name')}`. */
  const editing = useCallback(
    <V>(store: (value: V) => void, ...keys: Array<keyof E>) =>
      (value: V) => {
        store(value)
        edited(...keys)
      },
    [edited]
  )
  return { errors, setErrors, edited, editing }
}
