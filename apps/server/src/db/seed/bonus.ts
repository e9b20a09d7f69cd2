import { BonusCodeTrigger, WELCOME_COINS, type BonusContributions } from '@coinfall/shared';
import type { Database } from '../client.ts';
import { bonusCodes, bonusDefinitions } from '../schema/index.ts';

/** Slots count fully, originals fully, table games a fifth (their edge is small). */
const CONTRIBUTIONS: BonusContributions = { slot: 100, original: 100, table: 20 };

type DefinitionSeed = typeof bonusDefinitions.$inferInsert;

/** The demo campaigns (issue 14); the back office edits them later. */
export const BONUS_DEFINITION_SEED: DefinitionSeed[] = [
  {
    slug: 'welcome',
    kind: 'welcome',
    rewards: [
      { currency: 'GC', amount: WELCOME_COINS.GC },
      { currency: 'SC', amount: WELCOME_COINS.SC },
    ],
    contributions: CONTRIBUTIONS,
  },
  {
    slug: 'daily',
    kind: 'daily',
    // GC 1,000 → 5,000 over a week's streak, and a few Sweeps Coins.
    rewards: [
      {
        currency: 'GC',
        amount: 100_000,
        steps: [100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000],
      },
      { currency: 'SC', amount: 10, steps: [10, 10, 20, 20, 30, 30, 50] },
    ],
    contributions: CONTRIBUTIONS,
  },
  {
    slug: 'first-purchase-match',
    kind: 'match',
    // 100 % of the first bundle's Gold Coins as bonus coins, played through once.
    rewards: [{ currency: 'GC', percent: 100, cap: 10_000_000 }],
    wageringTenths: 10,
    maxBet: { GC: 500_000 },
    contributions: CONTRIBUTIONS,
    eligibility: { oncePer: 'player' },
  },
  {
    slug: 'no-deposit-sc',
    kind: 'no-deposit',
    rewards: [{ currency: 'SC', amount: 500 }],
    wageringTenths: 30,
    maxBet: { SC: 200 },
    contributions: CONTRIBUTIONS,
    activation: 'manual',
  },
  // Quest rewards (issue 15): issued by the quest engine, once per player quest.
  {
    slug: 'quest-reward-gc',
    kind: 'no-deposit',
    rewards: [{ currency: 'GC', amount: 100_000 }],
    wageringTenths: 10,
    contributions: CONTRIBUTIONS,
  },
  {
    slug: 'quest-freespins',
    kind: 'no-deposit',
    freeSpins: {
      gameIdentity: 'frosty-fortunes',
      count: 5,
      currency: 'GC',
      bet: 10_000,
      payout: 'bonus',
    },
    wageringTenths: 10,
    contributions: CONTRIBUTIONS,
    activation: 'manual',
  },
  {
    slug: 'frosty-freespins',
    kind: 'code',
    freeSpins: {
      gameIdentity: 'frosty-fortunes',
      count: 10,
      currency: 'GC',
      bet: 10_000,
      payout: 'bonus',
    },
    wageringTenths: 10,
    contributions: CONTRIBUTIONS,
    activation: 'manual',
  },
  {
    slug: 'holiday-2026',
    kind: 'code',
    rewards: [
      { currency: 'GC', amount: 500_000 },
      { currency: 'SC', amount: 100 },
    ],
    wageringTenths: 10,
    contributions: CONTRIBUTIONS,
  },
  {
    slug: 'coins50-match',
    kind: 'code',
    rewards: [{ currency: 'GC', percent: 50, cap: 2_500_000 }],
    wageringTenths: 10,
    contributions: CONTRIBUTIONS,
  },
];

/** Demo codes: case-sensitive, each naming its definition by slug. */
export const BONUS_CODE_SEED = [
  {
    code: 'HOLIDAY2026',
    slug: 'holiday-2026',
    trigger: BonusCodeTrigger.Instant,
    claimCap: 10_000,
    expiresAt: new Date('2027-01-31T23:59:59Z'),
  },
  { code: 'COINS50', slug: 'coins50-match', trigger: BonusCodeTrigger.Purchase, claimCap: null },
  { code: 'FROSTY10', slug: 'frosty-freespins', trigger: BonusCodeTrigger.Instant, claimCap: null },
] as const;

/** Idempotent like the rest of the seed: what exists is left as an operator may have changed it. */
export async function seedBonuses(tx: Database): Promise<void> {
  await tx
    .insert(bonusDefinitions)
    .values(BONUS_DEFINITION_SEED)
    .onConflictDoNothing({ target: bonusDefinitions.slug });
  const ids = new Map(
    (
      await tx
        .select({ id: bonusDefinitions.id, slug: bonusDefinitions.slug })
        .from(bonusDefinitions)
    ).map((d) => [d.slug, d.id]),
  );
  await tx
    .insert(bonusCodes)
    .values(
      BONUS_CODE_SEED.map(({ slug, ...code }) => {
        const bonusId = ids.get(slug);
        if (bonusId === undefined)
          throw new Error(`bonus code ${code.code}: no definition ${slug}`);
        return { ...code, bonusId };
      }),
    )
    .onConflictDoNothing({ target: bonusCodes.code });
}
