import { PlayerStatus, type PlayerStatusAction } from '@coinfall/shared';

export type StatusChange =
  { ok: true; status: number; statusBeforeBlock: number | null } | { ok: false; reason: string };

const refused = (reason: string): StatusChange => ({ ok: false, reason });

/**
 * What an action makes of the player's status, or why it does not apply. A block remembers the
 * status it replaced (Active or Limited) and an unblock restores it, so blocking a Limited player
 * never lifts the limit; a limit is put on or lifted only while the player is not blocked.
 */
export function statusChange(
  action: PlayerStatusAction,
  current: { status: number; statusBeforeBlock: number | null },
): StatusChange {
  const blocked = current.status === PlayerStatus.Blocked;
  switch (action) {
    case 'block':
      if (blocked) return refused('The player is blocked already');
      return { ok: true, status: PlayerStatus.Blocked, statusBeforeBlock: current.status };
    case 'unblock':
      if (!blocked) return refused('The player is not blocked');
      return {
        ok: true,
        status: current.statusBeforeBlock ?? PlayerStatus.Active,
        statusBeforeBlock: null,
      };
    case 'limit':
      if (blocked) return refused('The player is blocked: unblock them first');
      if (current.status === PlayerStatus.Limited) return refused('The player is Limited already');
      return { ok: true, status: PlayerStatus.Limited, statusBeforeBlock: null };
    case 'unlimit':
      if (current.status !== PlayerStatus.Limited) return refused('The player is not Limited');
      return { ok: true, status: PlayerStatus.Active, statusBeforeBlock: null };
  }
}
