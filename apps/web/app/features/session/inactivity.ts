export interface InactivityTimer {
  /** Input happened: the countdown starts again. */
  poke(): void;
  /** Fires onIdle now when the time is already up (a tab back from the background). */
  check(): void;
  stop(): void;
}

/**
 * Calls onIdle once when `timeoutMs` pass without poke(). Time is measured with `now`, so a
 * timer throttled in a background tab still counts the real time when it finally runs.
 */
export function createInactivityTimer(
  timeoutMs: number,
  onIdle: () => void,
  now: () => number = Date.now,
): InactivityTimer {
  let last = now();
  let handle: ReturnType<typeof setTimeout> | undefined;
  let done = false;

  const schedule = (delay: number) => {
    if (handle !== undefined) clearTimeout(handle);
    handle = setTimeout(check, delay);
  };
  function check() {
    if (done) return;
    const idleFor = now() - last;
    if (idleFor >= timeoutMs) {
      done = true;
      handle = undefined;
      onIdle();
    } else schedule(timeoutMs - idleFor);
  }
  schedule(timeoutMs);

  return {
    poke() {
      if (done) return;
      last = now();
      schedule(timeoutMs);
    },
    check,
    stop() {
      done = true;
      if (handle !== undefined) clearTimeout(handle);
      handle = undefined;
    },
  };
}

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Pokes the timer on input; a page coming back into view is checked first, then counts. */
export function watchInput(doc: Document, timer: InactivityTimer): () => void {
  const poke = () => timer.poke();
  const visibility = () => {
    if (doc.visibilityState !== 'visible') return;
    timer.check();
    timer.poke();
  };
  for (const name of INPUT_EVENTS) doc.addEventListener(name, poke, { passive: true });
  doc.addEventListener('visibilitychange', visibility);
  return () => {
    for (const name of INPUT_EVENTS) doc.removeEventListener(name, poke);
    doc.removeEventListener('visibilitychange', visibility);
  };
}
