import { dragonHoard } from '@coinfall/shared/games/slots/machines/dragon-hoard';
import { frostyFortunes } from '@coinfall/shared/games/slots/machines/frosty-fortunes';
import { neonNights } from '@coinfall/shared/games/slots/machines/neon-nights';
import { SLOT_MACHINES } from '@coinfall/shared/games/slots/index';
import { enText } from './slot-test-views.ts';
import { paytableRowsOf, paytableRulesOf } from './slot-paytable.fns.ts';

describe('paytableRowsOf', () => {
  it('has one row per symbol of every machine', () => {
    for (const m of SLOT_MACHINES)
      expect(paytableRowsOf(m, enText, 'en').map((r) => r.key)).toEqual(
        m.symbols.map((s) => s.key),
      );
  });

  it('gives a regular symbol its 3 / 4 / 5 pays and the specials their rules', () => {
    const rows = paytableRowsOf(frostyFortunes, enText, 'en');
    const by = (key: string) => rows.find((r) => r.key === key)!;
    expect(by('SANTA').pays).toBe('22 / 86 / 431');
    expect(by('WILD').pays).toBe('Substitutes for every symbol except scatter and bonus.');
    expect(by('SCAT').pays).toBe(
      'Pays anywhere: 3 / 4 / 5 = 1.72 / 8.62 / 43.1 × total bet. 10 / 15 / 20 free spins.',
    );
    expect(by('BONUS').pays).toBe(
      '3 / 4 / 5 on the reels give 1 / 2 / 3 picks of a prize up to 86.21 × total bet.',
    );
  });

  it('writes decimals in the locale', () => {
    const rows = paytableRowsOf(dragonHoard, enText, 'es');
    expect(rows.find((r) => r.key === 'SCAT')!.pays).toContain('1,32 / 13,2 / 65,99');
  });
});

describe('paytableRulesOf', () => {
  it('states paylines, coin size, free spins and the engine RTP of a line machine', () => {
    expect(paytableRulesOf(frostyFortunes, enText, 'en', 'medium')).toEqual([
      '20 paylines, wins from the leftmost reel. Bet = 20 coins.',
      'Pays are in coins; a coin is the total bet divided by 20.',
      'Free spin wins ×3, up to 60 free spins a round.',
      'Return to player 95.94 %. Volatility: Medium.',
    ]);
  });

  it('states 243 ways for a ways machine', () => {
    expect(paytableRulesOf(neonNights, enText, 'en', 'medium')[0]).toBe(
      '243 ways: matching symbols on adjacent reels from the left. Bet = 25 coins.',
    );
  });
});
