/** Browser side: nothing is kept; the web builds hide nothing until the owner says so, and ask at every load. */
export const keptFeatures = (): string[] | undefined => undefined

export const keepFeatures = (_hidden: string[]): void => undefined
