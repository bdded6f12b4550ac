import type * as Library from 'lunar-javascript'

/**
 * The mini-program build resolves `lunar-javascript` to this module (config/weapp-lunar.ts), so the
 * library (about 320 KB) ships once, in the pages/tools subpackage (which the home preloads), instead
 * of a copy in every subpackage that computes dates; the other subpackages fetch it with WeChat's
 * require.async (docs/mini-program-packages.md). Its classes are live bindings, set once loaded: a page
 * that computes with them is wrapped by `withLunar`, which renders it only after `loadLunar()`.
 */
export let Solar: typeof Library.Solar
export let Lunar: typeof Library.Lunar
export let LunarYear: typeof Library.LunarYear
export let HolidayUtil: typeof Library.HolidayUtil
export let SolarUtil: typeof Library.SolarUtil

let loading: Promise<void> | undefined

export function lunarLoaded(): boolean {
  return Solar !== undefined
}

export function loadLunar(): Promise<void> {
  loading ??= import(/* webpackChunkName: "pages/tools/lunar" */ 'lunar-javascript/index.js').then(
    (library: typeof Library) => {
      ;({ Solar, Lunar, LunarYear, HolidayUtil, SolarUtil } = library)
    },
    (error: unknown) => {
      // A failed download may be retried.
      loading = undefined
      throw error
    }
  )
  return loading
}
