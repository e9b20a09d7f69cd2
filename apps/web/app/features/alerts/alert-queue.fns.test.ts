import fc from 'fast-check';
import {
  advanceAlerts,
  dismissAlert,
  EMPTY_ALERT_QUEUE,
  enqueueAlert,
  MAX_SHOWN_ALERTS,
  nextAlertWakeUp,
  pauseAlerts,
  resumeAlerts,
  type AlertMessage,
  type AlertQueueState,
} from './alert-queue.fns.ts';

const message = (title: string, extra: Partial<AlertMessage> = {}): AlertMessage => ({
  alertKey: 'bonusIssued',
  type: 'success',
  title,
  description: '',
  ...extra,
});

/** Runs the queue the way AlertHost does: one timer at each wake-up, on a fake clock. */
function runUntil(
  start: AlertQueueState,
  from: number,
  until: number,
  onStep?: (s: AlertQueueState, now: number) => void,
) {
  let state = start;
  let now = from;
  for (;;) {
    const wait = nextAlertWakeUp(state, now);
    if (wait === undefined || now + wait > until) return { state, now: until };
    now += wait;
    state = advanceAlerts(state, now);
    onStep?.(state, now);
  }
}

function push(state: AlertQueueState, now: number, ...titles: string[]): AlertQueueState {
  return advanceAlerts(
    titles.reduce((s, t) => enqueueAlert(s, message(t)), state),
    now,
  );
}

const titles = (s: AlertQueueState) => s.shown.map((a) => `${a.title}:${a.phase}`);

describe('alert queue', () => {
  it('shows the first alert at once and the next 400 ms later', () => {
    let state = push(EMPTY_ALERT_QUEUE, 1000, 'a', 'b');
    expect(titles(state)).toEqual(['a:shown']);
    expect(nextAlertWakeUp(state, 1000)).toBe(400);
    state = advanceAlerts(state, 1399);
    expect(titles(state)).toEqual(['a:shown']);
    state = advanceAlerts(state, 1400);
    expect(titles(state)).toEqual(['a:shown', 'b:shown']);
  });

  it('keeps an alert 3000 ms, then lets it leave for 300 ms before removing it', () => {
    let state = push(EMPTY_ALERT_QUEUE, 0, 'a');
    state = advanceAlerts(state, 2999);
    expect(titles(state)).toEqual(['a:shown']);
    state = advanceAlerts(state, 3000);
    expect(titles(state)).toEqual(['a:leaving']);
    expect(nextAlertWakeUp(state, 3000)).toBe(300);
    state = advanceAlerts(state, 3300);
    expect(state.shown).toEqual([]);
    expect(nextAlertWakeUp(state, 3300)).toBeUndefined();
  });

  it('honours a custom duration', () => {
    let state = advanceAlerts(
      enqueueAlert(EMPTY_ALERT_QUEUE, message('a', { durationMs: 500 })),
      0,
    );
    state = advanceAlerts(state, 500);
    expect(titles(state)).toEqual(['a:leaving']);
  });

  it('never shows two alerts less than 400 ms apart, whatever arrives when', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(3000), { minLength: 1, maxLength: 12 }), (arrivals) => {
        const sorted = [...arrivals].sort((a, b) => a - b);
        const shownAt = new Map<number, number>();
        let state = EMPTY_ALERT_QUEUE;
        let now = 0;
        const record = (s: AlertQueueState, t: number) => {
          for (const a of s.shown) if (!shownAt.has(a.id)) shownAt.set(a.id, t);
        };
        for (const [i, at] of sorted.entries()) {
          ({ state, now } = runUntil(state, now, at, record));
          state = advanceAlerts(enqueueAlert(state, message(`m${i}`)), at);
          record(state, at);
        }
        ({ state } = runUntil(state, now, now + 60_000, record));
        const times = [...shownAt.values()].sort((a, b) => a - b);
        expect(shownAt.size).toBe(sorted.length);
        for (let i = 1; i < times.length; i++)
          expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(400);
        expect(state.shown).toEqual([]);
      }),
    );
  });

  it(`shows at most ${MAX_SHOWN_ALERTS} at a time; the rest wait for a slot`, () => {
    let state = push(EMPTY_ALERT_QUEUE, 0, 'a', 'b', 'c', 'd');
    ({ state } = runUntil(state, 0, 2000));
    expect(titles(state)).toEqual(['a:shown', 'b:shown', 'c:shown']);
    expect(state.pending.map((a) => a.title)).toEqual(['d']);
    ({ state } = runUntil(state, 2000, 3000));
    expect(titles(state)).toEqual(['a:leaving', 'b:shown', 'c:shown', 'd:shown']);
  });

  it('dismissing starts the leave animation at once', () => {
    let state = push(EMPTY_ALERT_QUEUE, 0, 'a');
    const id = state.shown[0]!.id;
    state = dismissAlert(state, id, 100);
    expect(titles(state)).toEqual(['a:leaving']);
    expect(advanceAlerts(state, 400).shown).toEqual([]);
  });

  it('pausing holds the countdown and resuming continues with the time that was left', () => {
    let state = push(EMPTY_ALERT_QUEUE, 0, 'a');
    state = pauseAlerts(state, 1000);
    ({ state } = runUntil(state, 1000, 60_000));
    expect(titles(state)).toEqual(['a:shown']);
    state = resumeAlerts(state, 60_000);
    expect(nextAlertWakeUp(state, 60_000)).toBe(2000);
    expect(titles(advanceAlerts(state, 62_000))).toEqual(['a:leaving']);
  });

  it('an alert arriving during a pause waits its full time after the pause', () => {
    let state = pauseAlerts(EMPTY_ALERT_QUEUE, 0);
    state = push(state, 10, 'a');
    ({ state } = runUntil(state, 10, 10_000));
    expect(titles(state)).toEqual(['a:shown']);
    state = resumeAlerts(state, 10_000);
    expect(nextAlertWakeUp(state, 10_000)).toBe(3000);
  });
});
