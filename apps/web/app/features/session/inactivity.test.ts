import { createInactivityTimer } from './inactivity';
import { INACTIVITY_LOGOUT_MS } from '../../lib/session/session.fns';

describe('createInactivityTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after 20 minutes without input', () => {
    const onIdle = vi.fn();
    createInactivityTimer(INACTIVITY_LOGOUT_MS, onIdle);
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS * 3);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('starts again on input', () => {
    const onIdle = vi.fn();
    const timer = createInactivityTimer(INACTIVITY_LOGOUT_MS, onIdle);
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 1000);
    timer.poke();
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 1000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped (logout)', () => {
    const onIdle = vi.fn();
    const timer = createInactivityTimer(INACTIVITY_LOGOUT_MS, onIdle);
    timer.stop();
    timer.poke();
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS * 2);
    timer.check();
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('counts real time when its timeout ran late (a background tab)', () => {
    const onIdle = vi.fn();
    let now = 0;
    const timer = createInactivityTimer(INACTIVITY_LOGOUT_MS, onIdle, () => now);
    now = INACTIVITY_LOGOUT_MS + 5;
    timer.check();
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('check() before the time is up changes nothing', () => {
    const onIdle = vi.fn();
    const timer = createInactivityTimer(INACTIVITY_LOGOUT_MS, onIdle);
    vi.advanceTimersByTime(60_000);
    timer.check();
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
