import type { SupportPass } from '@coinfall/shared/contracts/support';

/**
 * A blocked or excluded player's pass to the support chat (issue 18, decision 040): their refused
 * login carries it in the error's details; /api/support and their support channel accept it,
 * nothing else does. Kept for the tab (sessionStorage) until it expires or a session starts.
 */
const KEY = 'coinfall.supportPass';

// Checked by hand, not with the contract's zod schema: the session module is in every page's
// first load, and the support contract is not.
function passOf(value: unknown): SupportPass | undefined {
  const pass = value as Partial<SupportPass> | null | undefined;
  return typeof pass?.token === 'string' &&
    pass.token !== '' &&
    typeof pass.expiresAt === 'string' &&
    !Number.isNaN(Date.parse(pass.expiresAt))
    ? { token: pass.token, expiresAt: pass.expiresAt }
    : undefined;
}

export function storeSupportPassFrom(details: unknown): void {
  const pass = passOf((details as { supportPass?: unknown } | undefined)?.supportPass);
  if (!pass || typeof sessionStorage === 'undefined') return;
  sessionStorage.setItem(KEY, JSON.stringify(pass));
}

/** The pass while it is valid; undefined otherwise (and outside the browser). */
export function readSupportPass(now = Date.now()): SupportPass | undefined {
  if (typeof sessionStorage === 'undefined') return undefined;
  try {
    const pass = passOf(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
    if (pass && Date.parse(pass.expiresAt) > now) return pass;
  } catch {
    // Unreadable: as if none.
  }
  return undefined;
}

export function clearSupportPass(): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(KEY);
}
