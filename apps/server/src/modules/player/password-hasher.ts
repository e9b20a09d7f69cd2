import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed hash; never throws on either. */
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id with the library's defaults (64 MiB, t=3, p=4): OWASP's recommended profile. */
export function createArgon2Hasher(): PasswordHasher {
  return {
    hash: (password) => argon2.hash(password, { type: argon2.argon2id }),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}
