import { createHash, createHmac } from 'node:crypto';
import type { FloatSource } from '@coinfall/shared';

/** The verifier's own float stream (design §1), written apart from the game server's. */
export function verifierFloats(serverSeed: string, clientSeed: string, nonce: number): FloatSource {
  let used = 0;
  return {
    next() {
      const round = Math.floor(used / 8);
      const bytes = createHmac('sha256', serverSeed)
        .update(`${clientSeed}:${nonce}:${round}`)
        .digest();
      const o = (used % 8) * 4;
      used += 1;
      return (
        bytes[o]! / 256 +
        bytes[o + 1]! / 256 ** 2 +
        bytes[o + 2]! / 256 ** 3 +
        bytes[o + 3]! / 256 ** 4
      );
    },
    get used() {
      return used;
    },
  };
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
