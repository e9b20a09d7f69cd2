import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createLocalSessionChanges } from '../../platform/sessions/session-changes.ts';
import type { PlayerRow } from './player.repo.ts';
import { createPasswordService } from './passwords.service.ts';

/** The service over fakes: the player row as read under the lock can change mid-request. */
function setup() {
  const player = { id: randomUUID(), passwordHash: 'hash:old' } as PlayerRow;
  const locked = { row: player };
  const written: Partial<PlayerRow>[] = [];
  const passwords = {
    hash: (password: string) => Promise.resolve(`hash:${password}`),
    verify: (hash: string, password: string) => Promise.resolve(hash === `hash:${password}`),
  };
  const db = { transaction: (fn: (tx: unknown) => unknown) => fn(db) } as unknown as Database;
  const service = createPasswordService({
    db,
    repo: {
      findPlayerById: (_id, tx) => Promise.resolve(tx ? locked.row : player),
      findPlayerByEmail: () => Promise.resolve(undefined),
      updatePlayer: (_id, values) => (written.push(values), Promise.resolve(undefined as never)),
      endSessionsExcept: () => Promise.resolve(0),
      lockPlayer: () => Promise.resolve(true),
    },
    passwords,
    codes: {
      issue: () => Promise.resolve('code'),
      consume: () => Promise.resolve(undefined),
      revokeAll: () => Promise.resolve(),
    },
    mailer: { kind: 'dev-mailbox', send: () => Promise.resolve() },
    publicUrl: 'https://coinfall.test',
    sessionChanges: createLocalSessionChanges(),
    rechecks: { check: (_id, verify) => verify() },
    resetMails: { admit: () => Promise.resolve() },
  });
  const actor = { playerId: player.id, sessionId: randomUUID() };
  const change = () =>
    service.change(actor, {
      currentPassword: 'old',
      newPassword: 'a new password 1',
      repeatNewPassword: 'a new password 1',
    });
  return { service, passwords, player, locked, written, change };
}

describe('password change', () => {
  it('sets the new hash when the password verified is still the player’s', async () => {
    const { change, written } = setup();
    await change();
    expect(written.map((w) => w.passwordHash)).toEqual(['hash:a new password 1']);
  });

  it('does not undo a reset by staff (or another change) committed while it verified', async () => {
    const { change, written, passwords, locked, player } = setup();
    const verify = passwords.verify;
    passwords.verify = (hash, password) => {
      locked.row = { ...player, passwordHash: '!reset-required' };
      return verify(hash, password);
    };
    const failed = await change().catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).code).toBe('CONFLICT');
    expect(written).toEqual([]);
  });
});
