/**
 * Alert keys of spec §8 (plus the deposit, withdrawal, winner and identity-verified alerts of §5/§8,
 * and the quest and loyalty alerts of issue 15: a quest completed or its reward paid, a new
 * loyalty sublevel reached; a bundle purchase paid, issue 20). Kept free of
 * zod so the browser can import them without the schema library.
 */
// prettier-ignore
export const ALERT_KEYS = [
  'bonusCodeIncorrect', 'bonusCodeNotAvailable', 'bonusIssued', 'bonusActivated', 'bonusPlayed',
  'bonusCanceled', 'bonusExpired', 'bonusLost', 'freeSpinIssued', 'freeSpinActivated',
  'freeSpinPlayed', 'freeSpinCanceled', 'freeSpinExpired', 'accountRemoved', 'successRegistration',
  'resentVerification', 'somethingWrong', 'depositSuccess', 'depositError', 'withdrawError',
  'winner', 'kycVerified', 'questCompleted', 'questAwarded', 'levelUp', 'purchaseSuccess',
] as const;
export type AlertKey = (typeof ALERT_KEYS)[number];

export const ALERT_TYPES = ['success', 'error', 'info', 'warning'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
