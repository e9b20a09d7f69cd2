/** How a settled spin's win is presented: nothing, a win, or a big win celebrated over the reels. */
export type WinTier = 'none' | 'win' | 'big';

/** A win of this many times the bet or more is a big win. */
export const BIG_WIN_MULTIPLE = 10;

export function winTierOf(payout: number, bet: number): WinTier {
  if (payout <= 0) return 'none';
  return bet > 0 && payout >= bet * BIG_WIN_MULTIPLE ? 'big' : 'win';
}

/** The count-up's length: longer for a big win, never with reduced motion. */
export function countUpDurationMs(tier: WinTier, reducedMotion: boolean): number {
  if (reducedMotion || tier === 'none') return 0;
  return tier === 'big' ? 2_400 : 900;
}

/**
 * The amount shown `elapsedMs` into a count-up to `target` (minor units): eased out, whole
 * units, never past the target, and the target itself once the time is up.
 */
export function countUpValue(target: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return target;
  const progress = Math.max(0, elapsedMs) / durationMs;
  const eased = 1 - (1 - progress) ** 3;
  return Math.min(target, Math.floor(target * eased));
}

/** localStorage key of the slots' mute choice, shared by every slot machine. */
export const SLOT_MUTED_KEY = 'slot_sound_muted';

/** The stored choice read back: sound is on unless the player muted it. */
export function isMutedValue(stored: string | null): boolean {
  return stored === '1';
}
