import type { PosterContext } from '../../src/components/share/poster'

/** A canvas context that draws nothing; tests override the calls they watch. */
export function stubContext(overrides: Partial<PosterContext>): PosterContext {
  return {
    fillStyle: '',
    font: '14px sans-serif',
    textAlign: '',
    textBaseline: '',
    fillRect: () => {},
    fillText: () => {},
    measureText: (text) => ({ width: text.length * 14 }),
    beginPath: () => {},
    arc: () => {},
    closePath: () => {},
    fill: () => {},
    save: () => {},
    restore: () => {},
    clip: () => {},
    drawImage: () => {},
    createLinearGradient: () => ({ addColorStop: () => {} }),
    ...overrides
  }
}
