/**
 * The mini-program's privacy authorization (privacy.weapp.ts); same exports. A browser asks for each
 * permission itself (album, camera, location prompts), so there is nothing to agree to first.
 */

export const MSG_PRIVACY_REFUSED = '需要同意《用户隐私保护指引》后才能使用此功能'

/** Starts listening for WeChat's privacy prompts (at launch). */
export function installPrivacyGate(): void {}

/** Resolves once the user agreed to the privacy guidelines; rejects with MSG_PRIVACY_REFUSED when they refuse. */
export async function requirePrivacy(): Promise<void> {}

export interface PrivacyPrompt {
  open: boolean
  agree(buttonId: string): void
  refuse(): void
  openContract(): void
}

/** The state of the privacy popup a page shows; never open in a browser. */
export function usePrivacyPrompt(): PrivacyPrompt {
  return { open: false, agree() {}, refuse() {}, openContract() {} }
}
