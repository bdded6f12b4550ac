import { useCallback, useEffect, useState } from 'react'

import { api } from '../../api/client'

/** A course's sessions or classes, read again whenever the course's version grows (after each write). */
export function useCourseParts<T>(path: string, courseId: number, version: number) {
  const [rows, setRows] = useState<T[] | null>(null)
  const [error, setError] = useState('')
  const load = useCallback(() => {
    setError('')
    api.get<T[]>(path, { course_id: courseId }).then(setRows, (e: Error) => setError(e.message))
  }, [path, courseId])
  useEffect(load, [load, version])
  return { rows, error, load }
}
