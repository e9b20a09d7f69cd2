/**
 * The modals of spec §2 that live in the URL: `?modal=<key>`. Shared because the e2e suite
 * drives them by key and the server may one day redirect with a modal open (e.g. reset-pass
 * from an emailed link); the web app adds components and dismissal rules on top.
 */
export const KEYED_MODALS = {
  register: 'sign-up',
  signIn: 'sign-in',
  success: 'success',
  error: 'error',
  confirm: 'confirm',
  forgotPass: 'forgot-pass',
  resetPass: 'reset-pass',
  bundles: 'bundles',
  verifyBonus: 'verify-bonus',
  profile: 'profile',
  profileTerms: 'profile-terms',
  userName: 'user-name',
  userNameEmail: 'user-name-email',
  verifyPhone: 'verify-phone',
  payment: 'payment',
  cardInfo: 'card-info',
  redeem: 'redeem',
  maintenance: 'maintenance',
  kycVerified: 'kyc-verified',
  w9: 'w9',
  removeAccount: 'remove-account',
  redeemLimits: 'redeem-limits',
  purchase: 'purchase',
  receiveBonus: 'receive-bonus',
} as const;
export type KeyedModalName = keyof typeof KEYED_MODALS;
export type ModalQueryKey = (typeof KEYED_MODALS)[KeyedModalName];

/**
 * Modals opened by state only (spec §2): they never appear in the URL. `loyaltyReward` is spec
 * §4's bonus modal for a bonus or free spins that belong to a loyalty sublevel (issue 14).
 */
export const UNKEYED_MODALS = [
  'deposit',
  'withdraw',
  'registerCancel',
  'fiat',
  'loyaltyReward',
] as const;
export type UnkeyedModalName = (typeof UNKEYED_MODALS)[number];
export type ModalName = KeyedModalName | UnkeyedModalName;

/** The query parameter holding the open keyed modal. */
export const MODAL_QUERY_PARAM = 'modal';
/** Parameters that belong to the open modal and go away when it closes (spec §2). */
export const MODAL_SCOPED_PARAMS = ['resetCode', 'source', 'full', 'backTo', 'code'] as const;
/** Keyed modals closed on page load when the visitor is already logged in (spec §2). */
export const MODALS_CLOSED_WHEN_LOGGED_IN: readonly KeyedModalName[] = [
  'register',
  'signIn',
  'forgotPass',
  'resetPass',
  'payment',
  'cardInfo',
];
