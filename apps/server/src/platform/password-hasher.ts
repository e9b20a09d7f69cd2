import argon2, { type HashOptions } from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed hash; never throws on either. */
  verify(hash: string, password: string): Promise<boolean>;
}

export type PasswordHashCost = 'standard' | 'low';

/**
 * argon2id parameters. Standard is OWASP's recommended profile (64 MiB, t=3, p=4 — the library's
 * defaults, written out so an upgrade cannot change them silently). Low is for test suites,
 * which hash thousands of passwords: the same algorithm at a cost that proves nothing about
 * brute force, so the configuration refuses it on a real deployment.
 */
export const ARGON2_COSTS = {
  standard: { memoryCost: 65_536, timeCost: 3, parallelism: 4 },
  low: { memoryCost: 4_096, timeCost: 1, parallelism: 1 },
} as const satisfies Record<PasswordHashCost, object>;

export function createArgon2Hasher(cost: PasswordHashCost = 'standard'): PasswordHasher {
  const options: HashOptions = { type: argon2.argon2id, ...ARGON2_COSTS[cost] };
  return {
    hash: (password) => argon2.hash(password, options),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}
