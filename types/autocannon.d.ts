declare module 'autocannon' {
  interface Result {
    requests: { average: number }
    latency: { p99: number }
    non2xx: number
    errors: number
  }
  function autocannon(options: {
    url: string
    headers?: Record<string, string>
    connections?: number
    duration?: number
  }): Promise<Result>
  export default autocannon
}
