import { PlayerStatus } from '@coinfall/shared';
import { statusChange } from './player-status.fns.ts';

const { Active, Limited, Blocked } = PlayerStatus;
const player = (status: number, statusBeforeBlock: number | null = null) => ({
  status,
  statusBeforeBlock,
});

describe('statusChange', () => {
  it('a block remembers the status it replaced, and the unblock restores it', () => {
    expect(statusChange('block', player(Limited))).toEqual({
      ok: true,
      status: Blocked,
      statusBeforeBlock: Limited,
    });
    expect(statusChange('unblock', player(Blocked, Limited))).toEqual({
      ok: true,
      status: Limited,
      statusBeforeBlock: null,
    });
    expect(statusChange('unblock', player(Blocked, Active))).toMatchObject({ status: Active });
  });

  it('a block from before the remembered status unblocks to Active', () => {
    expect(statusChange('unblock', player(Blocked))).toMatchObject({ ok: true, status: Active });
  });

  it('unblock applies only to a blocked player: it never lifts a limit', () => {
    expect(statusChange('unblock', player(Limited))).toEqual({
      ok: false,
      reason: 'The player is not blocked',
    });
    expect(statusChange('unblock', player(Active)).ok).toBe(false);
    expect(statusChange('block', player(Blocked, Active)).ok).toBe(false);
  });

  it('a limit is put on an active player and lifted from a limited one, never while blocked', () => {
    expect(statusChange('limit', player(Active))).toMatchObject({ ok: true, status: Limited });
    expect(statusChange('limit', player(Limited)).ok).toBe(false);
    expect(statusChange('limit', player(Blocked, Active)).ok).toBe(false);
    expect(statusChange('unlimit', player(Limited))).toMatchObject({ ok: true, status: Active });
    expect(statusChange('unlimit', player(Active)).ok).toBe(false);
    expect(statusChange('unlimit', player(Blocked, Limited)).ok).toBe(false);
  });
});
