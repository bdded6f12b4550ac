import './FollowButton.scss'

import { Text } from '@tarojs/components'
import { useState } from 'react'

import { setTeacherFollow } from '@/api/teacher'

/** Follow / unfollow a teacher; shows the server's answer. */
export default function FollowButton({
  teacherId,
  followed,
  onChange
}: {
  teacherId: number
  followed: boolean
  onChange: (followed: boolean, followers: number) => void
}) {
  const [busy, setBusy] = useState(false)
  const toggle = async () => {
    if (busy) return
    setBusy(true)
    try {
      const res = await setTeacherFollow({ teacher_id: teacherId }, !followed)
      onChange(res.followed, res.followers)
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Text className={`follow-btn${followed ? ' follow-btn--on' : ''}`} onClick={toggle}>
      {followed ? '已关注' : '+ 关注'}
    </Text>
  )
}
