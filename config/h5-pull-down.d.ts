import type Config from 'webpack-chain'

/** Gives Taro's H5 router src/platform/PullDown.tsx as its pull-down wrapper (config/h5-pull-down.js). */
export function usePlainPullDown(chain: Config): void
