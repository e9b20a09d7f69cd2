import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { SLOT_MUTED_KEY, isMutedValue, type WinTier } from './slot-win.fns.ts';

/** Notes (Hz) of the win jingles, synthesised: the site ships no audio files. */
const WIN_NOTES = [523.25, 659.25, 783.99];
const BIG_WIN_NOTES = [523.25, 659.25, 783.99, 1046.5, 783.99, 1046.5];

function readMuted(): boolean {
  try {
    return isMutedValue(window.localStorage.getItem(SLOT_MUTED_KEY));
  } catch {
    return unstored ?? false;
  }
}

/** Same-tab listeners of the choice (the storage event tells only other tabs). */
const listeners = new Set<() => void>();
/** The choice when storage is disabled: it lasts until the page closes. */
let unstored: boolean | undefined;

function writeMuted(muted: boolean): void {
  try {
    window.localStorage.setItem(SLOT_MUTED_KEY, muted ? '1' : '0');
  } catch {
    unstored = muted;
  }
  for (const listener of listeners) listener();
}

function subscribeMuted(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Short sine tones one after another, each with a quick fade so nothing clicks. */
function playNotes(context: AudioContext, notes: readonly number[], noteSeconds: number): void {
  const start = context.currentTime + 0.02;
  notes.forEach((frequency, i) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + i * noteSeconds;
    oscillator.type = 'triangle';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + noteSeconds * 0.95);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + noteSeconds);
  });
}

/**
 * The slots' sound: a jingle on a win (a longer one on a big win), off while muted. The mute
 * choice is remembered for every slot machine (localStorage). The audio context is made on the
 * first win after a spin the player pressed (browsers allow sound only after a gesture).
 */
export function useSlotSound() {
  // The server renders the game with sound on; the stored choice follows on hydration.
  const muted = useSyncExternalStore(subscribeMuted, readMuted, () => false);
  const context = useRef<AudioContext | null>(null);
  useEffect(
    () => () => {
      void context.current?.close();
    },
    [],
  );

  const toggleMuted = useCallback(() => writeMuted(!readMuted()), []);

  const playWin = useCallback(
    (tier: WinTier) => {
      if (muted || tier === 'none' || typeof window.AudioContext !== 'function') return;
      context.current ??= new window.AudioContext();
      if (context.current.state === 'suspended') void context.current.resume();
      playNotes(context.current, tier === 'big' ? BIG_WIN_NOTES : WIN_NOTES, 0.12);
    },
    [muted],
  );

  return { muted, toggleMuted, playWin };
}
