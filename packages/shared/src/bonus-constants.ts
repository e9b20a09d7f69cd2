/** The bonus engine's status tables (spec §4), re-exported by constants.ts. */
export const BonusStatus = { Issued: 1, Active: 2, Finished: 3 } as const;
export const BonusResult = { Played: 2, Canceled: 3, Expired: 4, Lost: 5 } as const;
export const FreeSpinStatus = { Issued: 1, Active: 2, Finished: 3 } as const;
export const FreeSpinResult = { Played: 2, Canceled: 3, Expired: 4 } as const;
export const BonusCodeStatus = { Incorrect: 3, NotAvailable: 4 } as const;
/**
 * Where a bonus code is entered (spec §7 bonuscodes `trigger`): at sign-up, with a purchase
 * (applied when it succeeds), or on its own on the bonuses page ("type 3": applied at once).
 */
export const BonusCodeTrigger = { Registration: 1, Purchase: 2, Instant: 3 } as const;
