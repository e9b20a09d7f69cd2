import { describe, expect, it } from 'vitest';
import { CATALOG_GAMES } from '@coinfall/shared/games/catalog';
import { rulesKeyOf } from './game-info-panel';

describe('rulesKeyOf', () => {
  it('gives each original its own rules and every slot the slot rules', () => {
    const keys = Object.fromEntries(CATALOG_GAMES.map((g) => [g.identity, rulesKeyOf(g)]));
    expect(keys).toMatchObject({
      dice: 'rules_dice',
      'hi-lo': 'rules_hilo',
      blackjack: 'rules_blackjack',
      'frosty-fortunes': 'rules_slot',
      'dragon-hoard': 'rules_slot',
    });
  });
});
