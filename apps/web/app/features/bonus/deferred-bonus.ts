/**
 * A bonus code carried by a link (`?bonusCode=…`) is kept in local storage until the visitor
 * is signed in (spec §4: the deferred receive-bonus modal reads it from there). Storage may be
 * unavailable (private mode, SSR): then nothing is kept, and nothing breaks.
 */
export const BONUS_CODE_PARAM = 'bonusCode';
const STORAGE_KEY = 'deferredBonusCode';

/** Remembers the code of `?bonusCode=` when the query carries one. */
export function rememberBonusCode(search: URLSearchParams): void {
  const code = search.get(BONUS_CODE_PARAM)?.trim();
  if (!code || code.length > 64) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // No storage: the code is still in the URL for this visit.
  }
}

export function readDeferredBonusCode(): string | undefined {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetDeferredBonusCode(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
