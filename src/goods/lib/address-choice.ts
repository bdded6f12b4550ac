/**
 * The address picked for the checkout on the address pages (list or add), handed back to
 * order/confirm when it shows again. Taken once.
 */
let chosen: number | undefined

export const CHECKOUT_QUERY = 'from=checkout'

export function chooseForCheckout(addressId: number): void {
  chosen = addressId
}

export function takeCheckoutAddress(): number | undefined {
  const id = chosen
  chosen = undefined
  return id
}
