/** Every invalid input to the engine throws this, with a message a Chinese-speaking user can act on. */
export class MetaphysicsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MetaphysicsError'
  }
}
