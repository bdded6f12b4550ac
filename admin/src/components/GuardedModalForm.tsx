import { ModalForm, type ModalFormProps } from '@ant-design/pro-components'

import { useModalFormGuard } from '../unsaved'

/**
 * A ModalForm opened by its own trigger that asks before a cancel, the mask or Esc drops changed fields; a save that
 * returns true closes it without asking. Takes ModalForm's props.
 */
// ModalForm's own default for the form's values.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function GuardedModalForm<T = Record<string, any>>({ onFinish, ...props }: ModalFormProps<T>) {
  const guard = useModalFormGuard()
  return (
    <ModalForm<T>
      {...props}
      {...guard.props}
      onValuesChange={(changed, all) => {
        guard.props.onValuesChange()
        props.onValuesChange?.(changed, all)
      }}
      onFinish={onFinish && guard.finish(async (values: T) => Boolean(await onFinish(values)))}
    />
  )
}
