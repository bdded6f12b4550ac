/**
 * iztro converts dates through lunar-lite, which builds a lunar-typescript `Lunar` for every conversion; each
 * one asks `LunarYear.fromYear` for the year's months and 节气, an astronomical computation of ~1 ms that the
 * library keeps for one year only. A plate converts the birth date and the 流年 date (different years) several
 * times each, so that one-year cache recomputes the tables again and again. A year's table depends on the
 * year alone and the library already hands the same instance to every caller, so we keep more of them.
 * Required, not imported, so that it patches the copy lunar-lite requires (a bundler may give `import` another).
 */
interface LunarYearClass {
  fromYear: (year: number) => unknown
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the class iztro loads is the one patched
const { LunarYear } = require('lunar-typescript') as { LunarYear: LunarYearClass }
/** a few centuries of births and 流年 dates; the oldest is dropped beyond that */
const MAX_YEARS = 400
const years = new Map<number, unknown>()

try {
  const fromYear = LunarYear.fromYear.bind(LunarYear)
  LunarYear.fromYear = (year) => {
    let found = years.get(year)
    if (found === undefined) {
      found = fromYear(year)
      if (years.size >= MAX_YEARS) years.delete(years.keys().next().value as number)
      years.set(year, found)
    }
    return found
  }
} catch {
  // a frozen class: keep the library's own one-year cache
}
