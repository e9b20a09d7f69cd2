import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { KEYED_MODALS, type ModalName, type ModalQueryKey } from '@coinfall/shared';

/** What a modal needs before it may open (spec §6); the gate itself comes with the accounts work. */
export type ModalRequirement = 'nothing' | 'login' | 'completeProfile' | 'fullVerification';

export interface ModalDefinition {
  /** Loaded on first open, so the home page never ships modal code. */
  /** Renders a ModalFrame; reads its props and query through useModalEntry(). */
  component: LazyExoticComponent<ComponentType>;
  /** The `?modal=` key; undefined for modals opened by state only. */
  queryKey: ModalQueryKey | undefined;
  /**
   * Click outside closes it. Only for modals that hold no typed input and ask no decision:
   * a stray click must not throw away a half-filled form or answer a question.
   */
  outsideClickCloses: boolean;
  /** Swipe (bottom sheet on small screens) closes it. Off where an explicit answer is needed. */
  swipeCloses: boolean;
  /** Closed on page load when the visitor is already logged in (spec §2). */
  closedWhenLoggedIn: boolean;
  requires: ModalRequirement;
}

type Loader = () => Promise<{ default: ComponentType }>;

function define(
  name: ModalName,
  load: Loader,
  rules: {
    outside?: boolean;
    swipe?: boolean;
    closedWhenLoggedIn?: boolean;
    requires?: ModalRequirement;
  } = {},
): ModalDefinition {
  return {
    component: lazy(load),
    queryKey: name in KEYED_MODALS ? KEYED_MODALS[name as keyof typeof KEYED_MODALS] : undefined,
    outsideClickCloses: rules.outside ?? false,
    swipeCloses: rules.swipe ?? true,
    closedWhenLoggedIn: rules.closedWhenLoggedIn ?? false,
    requires: rules.requires ?? 'nothing',
  };
}

const GUEST_ONLY = { closedWhenLoggedIn: true } as const;
const MESSAGE = { outside: true } as const;
const DECISION = { swipe: false } as const;

/** Every modal of spec §2. The closedWhenLoggedIn flags mirror MODALS_CLOSED_WHEN_LOGGED_IN. */
export const MODAL_REGISTRY: Record<ModalName, ModalDefinition> = {
  register: define('register', () => import('./screens/sign-up.tsx'), GUEST_ONLY),
  signIn: define('signIn', () => import('./screens/sign-in.tsx'), GUEST_ONLY),
  success: define('success', () => import('./screens/success.tsx'), MESSAGE),
  error: define('error', () => import('./screens/error.tsx'), MESSAGE),
  confirm: define('confirm', () => import('./screens/confirm.tsx'), DECISION),
  forgotPass: define('forgotPass', () => import('./screens/forgot-pass.tsx'), GUEST_ONLY),
  resetPass: define('resetPass', () => import('./screens/reset-pass.tsx'), GUEST_ONLY),
  bundles: define('bundles', () => import('./screens/bundles.tsx'), {
    outside: true,
    requires: 'completeProfile',
  }),
  verifyBonus: define('verifyBonus', () => import('./screens/verify-bonus.tsx'), {
    outside: true,
    requires: 'login',
  }),
  profile: define('profile', () => import('./screens/profile.tsx'), { requires: 'login' }),
  profileTerms: define('profileTerms', () => import('./screens/profile-terms.tsx'), MESSAGE),
  // Terms must be accepted before playing (spec §4 start-up), so these do not slide away.
  userName: define('userName', () => import('./screens/user-name.tsx'), {
    swipe: false,
    requires: 'login',
  }),
  userNameEmail: define('userNameEmail', () => import('./screens/user-name-email.tsx'), {
    swipe: false,
    requires: 'login',
  }),
  verifyPhone: define('verifyPhone', () => import('./screens/verify-phone.tsx'), {
    requires: 'login',
  }),
  payment: define('payment', () => import('./screens/payment.tsx'), {
    ...GUEST_ONLY,
    requires: 'completeProfile',
  }),
  cardInfo: define('cardInfo', () => import('./screens/card-info.tsx'), {
    ...GUEST_ONLY,
    requires: 'completeProfile',
  }),
  redeem: define('redeem', () => import('./screens/redeem.tsx'), {
    requires: 'fullVerification',
  }),
  maintenance: define('maintenance', () => import('./screens/maintenance.tsx'), DECISION),
  kycVerified: define('kycVerified', () => import('./screens/kyc-verified.tsx'), {
    outside: true,
    requires: 'login',
  }),
  w9: define('w9', () => import('./screens/w9.tsx'), { requires: 'login' }),
  removeAccount: define('removeAccount', () => import('./screens/remove-account.tsx'), {
    ...DECISION,
    requires: 'login',
  }),
  redeemLimits: define('redeemLimits', () => import('./screens/redeem-limits.tsx'), {
    outside: true,
    requires: 'login',
  }),
  purchase: define('purchase', () => import('./screens/purchase.tsx'), {
    requires: 'completeProfile',
  }),
  receiveBonus: define('receiveBonus', () => import('./screens/receive-bonus.tsx'), {
    outside: true,
    requires: 'login',
  }),
  deposit: define('deposit', () => import('./screens/deposit.tsx'), {
    requires: 'completeProfile',
  }),
  withdraw: define('withdraw', () => import('./screens/withdraw.tsx'), { requires: 'login' }),
  registerCancel: define('registerCancel', () => import('./screens/register-cancel.tsx'), DECISION),
  fiat: define('fiat', () => import('./screens/fiat.tsx'), { requires: 'login' }),
  loyaltyReward: define('loyaltyReward', () => import('./screens/loyalty-reward.tsx'), {
    ...MESSAGE,
    requires: 'login',
  }),
};
