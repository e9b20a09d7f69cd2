import { BUNDLE_SEED } from './reference-data.ts';

const goldCoinsPerCent = (b: (typeof BUNDLE_SEED)[number]) => b.goldCoins / b.priceAmount;

describe('the seeded coin bundles', () => {
  it('call best value only the bundle with the most Gold Coins per dollar', () => {
    const best = BUNDLE_SEED.reduce((a, b) => (goldCoinsPerCent(b) > goldCoinsPerCent(a) ? b : a));
    expect(BUNDLE_SEED.filter((b) => b.badge === 'best-value').map((b) => b.identity)).toEqual([
      best.identity,
    ]);
  });

  it('claim no first-purchase offer or popularity the shop cannot back', () => {
    expect(BUNDLE_SEED.filter((b) => b.badge !== null && b.badge !== 'best-value')).toEqual([]);
  });

  it('each come with free Sweeps Coins, as the content says', () => {
    expect(BUNDLE_SEED.filter((b) => b.sweepsCoins <= 0)).toEqual([]);
  });
});
