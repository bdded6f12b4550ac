import type { LoginOutcome } from './launch'

/**
 * The one platform login of the app, shared by the launch, the request layer and the login buttons:
 * whoever asks while a login runs joins it (a second OAuth redirect or a second exchange of the same
 * code would undo the first), and requests made meanwhile wait for it so they go out with the token.
 */
export interface LoginGate {
  /** Starts the login, or joins the one under way. */
  run(): Promise<LoginOutcome>
  /**
   * The login under way, if any. After a 'redirecting' outcome the page is leaving for the OAuth page:
   * the login counts as under way for good and its waiters never continue (no request without a token).
   */
  pending(): Promise<LoginOutcome> | undefined
}

export function createLoginGate(login: () => Promise<LoginOutcome>): LoginGate {
  let running: Promise<LoginOutcome> | undefined
  let leaving: Promise<LoginOutcome> | undefined
  return {
    run() {
      if (leaving) return leaving
      if (!running) {
        const attempt: Promise<LoginOutcome> = Promise.resolve()
          .then(login)
          .then((outcome) => {
            if (outcome === 'redirecting') leaving = new Promise<LoginOutcome>(() => undefined)
            return outcome
          })
          .finally(() => {
            running = undefined
          })
        running = attempt
      }
      return running
    },
    pending: () => leaving ?? running
  }
}
