import { getHouse } from '@/api/house'
import { useRemote } from '@/hooks/useRemote'

import { houseIdParam } from './flow'

/** The saved house the flow page was opened for (`?id=`). */
export function useHouse() {
  const id = houseIdParam()
  const remote = useRemote(
    () => (id ? getHouse(id) : Promise.reject(new Error('缺少户型分析编号，请从“我的户型分析”打开'))),
    [id]
  )
  return { id, ...remote }
}
