/**
 * Settings constants of spec §3/§4: every status table as named values, shared by the server
 * and the web app. Never compare against a bare number; use these.
 */
import {
  BonusCodeStatus,
  BonusCodeTrigger,
  BonusResult,
  BonusStatus,
  FreeSpinResult,
  FreeSpinStatus,
} from './bonus-constants.ts';

// In a module of their own so the site's first load, which reads a few of the other tables,
// does not carry these (home page JS budget); the bonus screens import that module directly.
export {
  BonusCodeStatus,
  BonusCodeTrigger,
  BonusResult,
  BonusStatus,
  FreeSpinResult,
  FreeSpinStatus,
};

export const PlayerStatus = { Active: 1, Limited: 2, Blocked: 3 } as const;
export const DocumentStatus = { Uploaded: 1, Pending: 2, Rejected: 3, Approved: 4 } as const;
export const InvoiceStatus = { Pending: 1, Success: 2, Rejected: 3, Processing: 4 } as const;
export const InvoiceType = { Deposit: 1, Withdrawal: 2, Purchase: 3, VirtualPayout: 4 } as const;
export const PurchaseStatus = { InProgress: 1, Completed: 2, Failed: 3 } as const;
/**
 * The failure codes of a purchase or deposit invoice that ended without a provider decline
 * (decision 039): the player canceled it, it was abandoned and expired, or the provider never
 * started it because it could not be reached (decision 011). Status stays 3.
 */
export const InvoiceFailureCode = {
  CanceledByPlayer: 'canceled_by_player',
  Expired: 'expired',
  ProviderUnavailable: 'provider_unavailable',
} as const;
/** Settled by what came back against the stake; Even pays back exactly the stake (a push). */
export const BetStatus = { Open: 1, Won: 2, Lost: 3, Refunded: 4, Even: 5 } as const;
export const QuestState = {
  Manual: 1,
  Activated: 2,
  Completed: 3,
  Awarded: 4,
  NotAccessible: 5,
  NotAccessibleExpired: 6,
} as const;
export const WalletAccountStatus = { Inactive: 0, Active: 1 } as const;
export const CurrencyType = { Fiat: 'fiat', Crypto: 'crypto', Virtual: 'virtual' } as const;

/** The settings-constants document served at start-up (GET /api/core/settings). */
export const SETTINGS_CONSTANTS = {
  playerStatus: PlayerStatus,
  documentStatus: DocumentStatus,
  invoiceStatus: InvoiceStatus,
  invoiceType: InvoiceType,
  purchaseStatus: PurchaseStatus,
  betStatus: BetStatus,
  bonusStatus: BonusStatus,
  bonusResult: BonusResult,
  freeSpinStatus: FreeSpinStatus,
  freeSpinResult: FreeSpinResult,
  bonusCodeStatus: BonusCodeStatus,
  bonusCodeTrigger: BonusCodeTrigger,
  questState: QuestState,
  walletAccountStatus: WalletAccountStatus,
  timeZonePrefix: 'America/',
} as const;

/** Business constants of spec §9 that the shell uses. */
export const TOKEN_EXPIRY_MARGIN_MS = 60_000;
export const TOKEN_CHECK_INTERVAL_MS = 30_000;
export const INACTIVITY_LOGOUT_MS = 20 * 60_000;
export const MIN_AGE_YEARS = 18;
export const ALERT_MIN_GAP_MS = 400;
export const ALERT_DEFAULT_DURATION_MS = 3000;
export const ALERT_ANIMATION_SPEED_MS = 300;
export const POST_NAVIGATION_DELAY_MS = 100;
export const POST_NAVIGATION_DELAY_PROFILE_MS = 5000;
export const MODAL_BASE_Z_INDEX = 1000;
/** Spec §9: the bonus modal (a loyalty sublevel's reward) opens 150 ms after its push. */
export const BONUS_MODAL_DELAY_MS = 150;
export const MODAL_Z_INDEX_STEP = 2;
export const SWIPE_CLOSE_FRACTION = 0.1;
export const SWIPE_FAST_MS = 300;
export const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
