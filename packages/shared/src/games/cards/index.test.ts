import { CATALOG_GAMES } from '../catalog.ts';
import { engineOf } from '../index.ts';

describe('card engines in the registry', () => {
  it.each(['hilo', 'blackjack'])('serves %s under the key the catalog names', (key) => {
    expect(CATALOG_GAMES.some((game) => game.engine === key)).toBe(true);
    const engine = engineOf(key);
    expect(engine?.key).toBe(key);
    expect(engine?.actionSchema).toBeDefined();
    expect(engine?.rtp).toBeGreaterThan(0.98);
  });
});
