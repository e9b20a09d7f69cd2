import {
  KEYED_MODALS,
  MODAL_BASE_Z_INDEX,
  MODAL_QUERY_PARAM,
  MODAL_SCOPED_PARAMS,
  MODAL_Z_INDEX_STEP,
  MODALS_CLOSED_WHEN_LOGGED_IN,
  UNKEYED_MODALS,
  type KeyedModalName,
  type ModalName,
  type ModalQueryKey,
  type UnkeyedModalName,
} from '@coinfall/shared';

/** The query rules of spec §2 "Modals". Every function returns new params, never mutates. */

const NAME_BY_KEY = new Map<string, KeyedModalName>(
  (Object.entries(KEYED_MODALS) as [KeyedModalName, ModalQueryKey][]).map(([name, key]) => [
    key,
    name,
  ]),
);

export function modalNameForKey(key: string): KeyedModalName | undefined {
  return NAME_BY_KEY.get(key);
}

/** The keyed modal the query names (the first known `modal` value); unknown keys open nothing. */
export function readOpenModal(params: URLSearchParams): KeyedModalName | undefined {
  for (const key of params.getAll(MODAL_QUERY_PARAM)) {
    const name = modalNameForKey(key);
    if (name) return name;
  }
  return undefined;
}

function withoutModal(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(MODAL_QUERY_PARAM);
  for (const scoped of MODAL_SCOPED_PARAMS) next.delete(scoped);
  return next;
}

/**
 * Opens a keyed modal. Only one keyed modal is open at a time, so the key replaces any other;
 * when it replaces a different modal, that modal's scoped params (code, backTo…) go too, as they
 * described it, then `extra` (e.g. backTo for the profile modal) is applied.
 */
export function openModalQuery(
  params: URLSearchParams,
  key: ModalQueryKey,
  extra: Record<string, string> = {},
): URLSearchParams {
  const replacing = readOpenModal(params);
  const next =
    replacing && KEYED_MODALS[replacing] !== key
      ? withoutModal(params)
      : new URLSearchParams(params);
  next.set(MODAL_QUERY_PARAM, key);
  for (const [name, value] of Object.entries(extra)) next.set(name, value);
  return next;
}

/** Closes the keyed modal: removes `modal` and resetCode, source, full, backTo, code. */
export function closeModalQuery(params: URLSearchParams): URLSearchParams {
  return withoutModal(params);
}

export interface LoadPlan {
  /** The keyed modal to show after the page loads. */
  open: KeyedModalName | undefined;
  /** Query params to remove with a replace navigation (empty when the URL stays). */
  strip: string[];
}

/**
 * The page-load rule: the modal named in the query opens, except the sign-up/sign-in/password
 * and payment/card modals for a visitor who is already logged in — those are dropped from the
 * URL so a reload or shared link does not bring them back.
 */
export function modalsToOpenOnLoad(params: URLSearchParams, isLoggedIn: boolean): LoadPlan {
  const open = readOpenModal(params);
  if (open && isLoggedIn && MODALS_CLOSED_WHEN_LOGGED_IN.includes(open)) {
    return {
      open: undefined,
      strip: [MODAL_QUERY_PARAM, ...MODAL_SCOPED_PARAMS].filter((p) => params.has(p)),
    };
  }
  return { open, strip: [] };
}

/** Applies a load plan's strip list. */
export function stripParams(params: URLSearchParams, names: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of names) next.delete(name);
  return next;
}

/** z-index of the modal at `stackIndex` (0 = bottom): base 1000 plus 2 per level. */
export function zIndexFor(stackIndex: number): number {
  return MODAL_BASE_Z_INDEX + MODAL_Z_INDEX_STEP * stackIndex;
}

/** "?a=1" or "" for a navigation target. */
export function toSearch(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Spec §6: deposit, bundles, payment and cardInfo (and purchase, the bundle checkout) need a
 * logged-in player with a complete profile. Mirrors the registry's `completeProfile` entries.
 */
export const COMPLETE_PROFILE_MODALS: readonly ModalName[] = [
  'bundles',
  'payment',
  'cardInfo',
  'purchase',
  'deposit',
];

/** A modal as it is asked for: its query key, or the name of a modal opened by state. */
export type ModalTarget = ModalQueryKey | UnkeyedModalName;

export interface ModalGateState {
  loggedIn: boolean;
  /** Undefined while the profile of a logged-in player is still loading. */
  profileComplete: boolean | undefined;
}

function modalNameOfTarget(target: ModalTarget): ModalName | undefined {
  return (
    modalNameForKey(target) ??
    (UNKEYED_MODALS as readonly string[]).find((name): name is UnkeyedModalName => name === target)
  );
}

/**
 * The modal to show for one asked for (spec §6): itself when allowed; sign-in for a guest and
 * the profile modal for an incomplete profile (each then returns to it through backTo);
 * undefined while the profile needed to decide is loading.
 */
export function gateModal(
  target: ModalTarget,
  { loggedIn, profileComplete }: ModalGateState,
): ModalTarget | undefined {
  const name = modalNameOfTarget(target);
  if (!name || !COMPLETE_PROFILE_MODALS.includes(name)) return target;
  if (!loggedIn) return 'sign-in';
  if (profileComplete === undefined) return undefined;
  return profileComplete ? target : 'profile';
}

/** True when gateModal() needs the player's profile to decide about this modal. */
export function gateNeedsProfile(target: ModalTarget): boolean {
  const name = modalNameOfTarget(target);
  return name !== undefined && COMPLETE_PROFILE_MODALS.includes(name);
}
