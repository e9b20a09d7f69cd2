import argon2 from 'argon2';
import {
  UNUSABLE_PASSWORD_HASH,
  anonymisedPlayer,
  hasUsablePassword,
  removedEmail,
} from './account-removal.fns.ts';
import { createArgon2Hasher } from '../../platform/password-hasher.ts';

const ID = '3f2a1b4c-0000-4000-8000-00000000abcd';

describe('anonymisedPlayer', () => {
  it('keeps no personal data and no way to log in', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const values = anonymisedPlayer(ID, at);
    expect(values).toMatchObject({
      email: `removed+${ID}@invalid.coinfall`,
      passwordHash: UNUSABLE_PASSWORD_HASH,
      removedAt: at,
      updatedAt: at,
      receiveEmailPromo: false,
      phoneConfirmed: false,
    });
    for (const field of [
      'nickname',
      'firstName',
      'lastName',
      'phone',
      'address',
      'city',
      'region',
      'country',
      'postalCode',
      'birthdate',
      'emailConfirmedAt',
    ] as const) {
      expect(values[field]).toBeNull();
    }
    // Status stays as it was: a blocked player who leaves is still blocked in the books.
    expect(values).not.toHaveProperty('status');
  });

  it('gives every removed player an address of their own', () => {
    expect(removedEmail('a')).not.toBe(removedEmail('b'));
  });
});

describe('the unusable password', () => {
  it('is told apart from real hashes', async () => {
    expect(hasUsablePassword(UNUSABLE_PASSWORD_HASH)).toBe(false);
    expect(hasUsablePassword(await argon2.hash('secret', { type: argon2.argon2id }))).toBe(true);
  });

  it('is matched by no password', async () => {
    const hasher = createArgon2Hasher();
    for (const guess of ['', UNUSABLE_PASSWORD_HASH, 'no-password', '!']) {
      expect(await hasher.verify(UNUSABLE_PASSWORD_HASH, guess)).toBe(false);
    }
  });
});
