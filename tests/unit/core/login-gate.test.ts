import type { LoginOutcome } from '../../../src/core/launch'
import { createLoginGate } from '../../../src/core/login-gate'

const flush = () => new Promise((resolve) => setImmediate(resolve))

describe('the one login', () => {
  it('callers during a login join it; once done, the next call starts a new one', async () => {
    let finish!: (outcome: LoginOutcome) => void
    const login = jest.fn(() => new Promise<LoginOutcome>((resolve) => (finish = resolve)))
    const gate = createLoginGate(login)
    const a = gate.run()
    const b = gate.run()
    await flush()
    expect(login).toHaveBeenCalledTimes(1)
    expect(gate.pending()).toBeDefined()
    finish('logged-in')
    await expect(Promise.all([a, b])).resolves.toEqual(['logged-in', 'logged-in'])
    expect(gate.pending()).toBeUndefined()
    gate.run()
    await flush()
    expect(login).toHaveBeenCalledTimes(2)
  })

  it('after leaving for the OAuth page the login stays under way: no second redirect', async () => {
    const login = jest.fn(async (): Promise<LoginOutcome> => 'redirecting')
    const gate = createLoginGate(login)
    await expect(gate.run()).resolves.toBe('redirecting')
    gate.run()
    await flush()
    expect(login).toHaveBeenCalledTimes(1)
    let settled = false
    gate.pending()!.then(() => (settled = true))
    await flush()
    expect(settled).toBe(false)
  })
})
