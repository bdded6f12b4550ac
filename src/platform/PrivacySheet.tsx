/**
 * Browser side of the privacy popup (PrivacySheet.weapp.tsx): a browser has no such prompt, so nothing is
 * drawn, and the page frame does not bring the popup's components onto every first screen.
 */
export default function PrivacySheet() {
  return null
}
