/** Browser: brings the element with this id to the top of the page (its CSS scroll-margin clears our bar). */
export function scrollToAnchor(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
}
