import type { ProductDetail, ProductSku } from '@contract/shop'

/** The value chosen per spec, in the order of `specs`; '' = not chosen yet. */
export type SpecChoice = string[]

/** The SKU the choice names when every spec has a value (a good without specs has exactly one SKU). */
export function skuOf(detail: Pick<ProductDetail, 'specs' | 'skus'>, choice: SpecChoice): ProductSku | undefined {
  if (choice.some((value) => !value)) return undefined
  return detail.skus.find((sku) => sku.spec_values.every((value, i) => value === choice[i]))
}

/**
 * Whether `value` of spec `index` can still lead to a SKU that can be bought, given the values chosen
 * for the other specs: a value no available SKU has is shown disabled.
 */
export function valueSelectable(
  detail: Pick<ProductDetail, 'skus'>,
  choice: SpecChoice,
  index: number,
  value: string
): boolean {
  return detail.skus.some(
    (sku) =>
      sku.available &&
      sku.spec_values[index] === value &&
      sku.spec_values.every((v, i) => i === index || !choice[i] || choice[i] === v)
  )
}

/** The first choice to show: the only SKU of a good without specs, else the first available SKU's values. */
export function initialChoice(detail: Pick<ProductDetail, 'specs' | 'skus'>): SpecChoice {
  const first = detail.skus.find((sku) => sku.available)
  return detail.specs.map((_, i) => first?.spec_values[i] ?? '')
}

/** Chooses `value` for spec `index`; choosing the chosen value again clears it. */
export function toggleValue(choice: SpecChoice, index: number, value: string): SpecChoice {
  return choice.map((current, i) => (i === index ? (current === value ? '' : value) : current))
}

/** The most units of a SKU one order may hold: its stock, capped by the good's per-order limit. */
export function maxQuantity(sku: ProductSku | undefined, maxBuy: number): number {
  if (!sku || !sku.available) return 0
  return Math.max(0, Math.min(sku.stock, maxBuy > 0 ? maxBuy : sku.stock))
}

/** A quantity kept within 1..max (0 when nothing can be bought). */
export function clampQuantity(quantity: number, max: number): number {
  if (max <= 0) return 0
  return Math.min(Math.max(1, Math.floor(quantity) || 1), max)
}

/** The specs still to choose, for the message '请选择 尺寸'. */
export function missingSpecs(detail: Pick<ProductDetail, 'specs'>, choice: SpecChoice): string[] {
  return detail.specs.filter((_, i) => !choice[i]).map((spec) => spec.name)
}
