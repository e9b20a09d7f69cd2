import { RAKEBACK_BONUS_SLUG, type BonusContributions } from '@coinfall/shared';
import type { Database } from '../client.ts';
import { bonusDefinitions, loyaltyLevels, loyaltySublevels } from '../schema/index.ts';

/** Loyalty rewards are played like the other bonuses: slots and originals fully, tables a fifth. */
const CONTRIBUTIONS: BonusContributions = { slot: 100, original: 100, table: 20 };
const ROMAN = ['I', 'II', 'III'] as const;

/**
 * The demo ladder (issue 15, decision 029): five levels of three sublevels, images under
 * apps/web/public/images/loyalty. Thresholds are whole points (1 point per Sweeps Coin staked on
 * slots, see LOYALTY_COINS_PER_POINT). Platinum and Diamond are the VIP levels.
 */
export const LOYALTY_LEVEL_SEED = [
  { slug: 'bronze', label: 'Bronze', bgColor: '#cd7f32', points: [0, 100, 250] },
  { slug: 'silver', label: 'Silver', bgColor: '#c0c7d0', points: [500, 1_000, 2_000] },
  { slug: 'gold', label: 'Gold', bgColor: '#f2c94c', points: [4_000, 7_000, 10_000] },
  {
    slug: 'platinum',
    label: 'Platinum',
    bgColor: '#9fb4c9',
    points: [20_000, 35_000, 50_000],
    vip: { dailyBonusPercent: 150, rakebackPercent: 5, personalHost: true },
  },
  {
    slug: 'diamond',
    label: 'Diamond',
    bgColor: '#7fd4ff',
    points: [100_000, 175_000, 250_000],
    vip: { dailyBonusPercent: 200, rakebackPercent: 10, personalHost: true },
  },
] as const;

type DefinitionSeed = typeof bonusDefinitions.$inferInsert;

/**
 * Each sublevel above the first gives a reward once: coins growing with the rung, and free spins
 * on the first sublevel of every level from Silver on. Claimed by the player (manual), played
 * through once.
 */
function rewardOf(levelIndex: number, sub: number): DefinitionSeed | null {
  if (levelIndex === 0 && sub === 0) return null;
  const rung = levelIndex * 3 + sub;
  const slug = `loyalty-${LOYALTY_LEVEL_SEED[levelIndex]!.slug}-${sub + 1}`;
  const base = {
    slug,
    kind: 'loyalty' as const,
    wageringTenths: 10,
    contributions: CONTRIBUTIONS,
    activation: 'manual' as const,
  };
  if (sub === 0) {
    return {
      ...base,
      freeSpins: {
        gameIdentity: 'frosty-fortunes',
        count: 10 * levelIndex,
        currency: 'GC',
        bet: 10_000,
        payout: 'bonus',
      },
    };
  }
  return {
    ...base,
    rewards: [
      { currency: 'GC', amount: 50_000 * rung },
      { currency: 'SC', amount: 50 * rung },
    ],
  };
}

/** The daily VIP rakeback: amounts set per credit (amountOverride); claimed, played once. */
const RAKEBACK_DEFINITION: DefinitionSeed = {
  slug: RAKEBACK_BONUS_SLUG,
  kind: 'loyalty',
  rewards: [
    { currency: 'GC', amount: 1 },
    { currency: 'SC', amount: 1 },
  ],
  wageringTenths: 10,
  contributions: CONTRIBUTIONS,
  activation: 'manual',
};

/** Idempotent like the rest of the seed: existing rows are left as an operator may have changed them. */
export async function seedLoyalty(tx: Database): Promise<void> {
  const rewards = LOYALTY_LEVEL_SEED.flatMap((_, l) =>
    ROMAN.map((__, s) => rewardOf(l, s)).filter((d): d is DefinitionSeed => d !== null),
  );
  await tx
    .insert(bonusDefinitions)
    .values([...rewards, RAKEBACK_DEFINITION])
    .onConflictDoNothing({ target: bonusDefinitions.slug });
  await tx
    .insert(loyaltyLevels)
    .values(
      LOYALTY_LEVEL_SEED.map((level, position) => ({
        slug: level.slug,
        position: position + 1,
        label: level.label,
        bgColor: level.bgColor,
        image: `/images/loyalty/${level.slug}.svg`,
        bgImage: `/images/loyalty/${level.slug}-bg.svg`,
        vip: 'vip' in level,
        ...('vip' in level ? level.vip : {}),
      })),
    )
    // Any conflict: an operator may have renamed a seeded level, whose place is then taken.
    .onConflictDoNothing();
  const ids = new Map(
    (await tx.select({ id: loyaltyLevels.id, slug: loyaltyLevels.slug }).from(loyaltyLevels)).map(
      (l) => [l.slug, l.id],
    ),
  );
  await tx
    .insert(loyaltySublevels)
    .values(
      LOYALTY_LEVEL_SEED.flatMap((level, l) =>
        // A renamed seeded level keeps its sublevels as the operator left them.
        (ids.has(level.slug) ? level.points : []).map((points, s) => ({
          levelId: ids.get(level.slug)!,
          position: s + 1,
          label: `${level.label} ${ROMAN[s]}`,
          bgColor: level.bgColor,
          image: `/images/loyalty/${level.slug}-${s + 1}.svg`,
          bgImage: `/images/loyalty/${level.slug}-bg.svg`,
          points,
          rewardSlug: rewardOf(l, s)?.slug ?? null,
        })),
      ),
    )
    .onConflictDoNothing();
}
