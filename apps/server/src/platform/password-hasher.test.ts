import { createArgon2Hasher } from './password-hasher.ts';

/** The cost parameters a PHC string records, e.g. `{ m: 65536, t: 3, p: 4 }`. */
function costOf(phc: string): Record<string, number> {
  const [, algorithm, , params]: (string | undefined)[] = phc.split('$');
  expect(algorithm).toBe('argon2id');
  return Object.fromEntries(
    (params ?? '').split(',').map((pair): [string, number] => {
      const [key = '', value] = pair.split('=');
      return [key, Number(value)];
    }),
  );
}

describe('createArgon2Hasher', () => {
  it('hashes with argon2id at OWASP cost by default, and at the test cost when asked', async () => {
    const standard = await createArgon2Hasher().hash('correct horse battery');
    expect(costOf(standard)).toEqual({ m: 65_536, t: 3, p: 4 });
    const low = await createArgon2Hasher('low').hash('correct horse battery');
    expect(costOf(low)).toEqual({ m: 4_096, t: 1, p: 1 });
  });

  it('verifies a hash of either cost, since each records its own', async () => {
    const standard = createArgon2Hasher();
    const low = createArgon2Hasher('low');
    const hash = await low.hash('correct horse battery');
    expect(await standard.verify(hash, 'correct horse battery')).toBe(true);
    expect(await standard.verify(hash, 'wrong horse battery')).toBe(false);
    expect(await low.verify('not a phc string', 'correct horse battery')).toBe(false);
  });
});
