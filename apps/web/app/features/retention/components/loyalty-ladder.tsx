import type { ContentDocument } from '@coinfall/shared';
import type { LoyaltyReward } from '@coinfall/shared/contracts/loyalty';
import { formatMessage } from '../../../i18n/i18n.tsx';
import { Icon } from '../../../ui/icon.tsx';
import type { RetentionTextsApi } from '../hooks/use-retention-texts';
import { stepStanding, type LadderPosition, type LadderStep } from '../loyalty.fns';

export type LoyaltyContent = ContentDocument<'loyalty'>;

/**
 * The ladder (spec §3): each level in its colours and image, its sublevels with the points
 * they need and what reaching them gives. With a position, the player's sublevel is marked
 * (aria-current) and the ones below it ticked.
 */
export function LoyaltyLadder({
  steps,
  position,
  content,
  texts,
}: {
  steps: readonly LadderStep[];
  position: LadderPosition | undefined;
  content: LoyaltyContent;
  texts: RetentionTextsApi;
}) {
  const { t, number } = texts;
  const levels = [...new Map(steps.map((step) => [step.level.id, step.level])).values()];
  return (
    <ol className="flex flex-col gap-4" data-testid="loyalty-ladder">
      {levels.map((level) => {
        const words = content.levels[level.slug];
        const headingId = `level-${level.id}-name`;
        return (
          <li key={level.id}>
            <section
              aria-labelledby={headingId}
              data-testid="loyalty-level"
              className="overflow-hidden rounded-2xl border border-border bg-surface"
            >
              {/* The level's own colours come from its data (back office), not the theme; a
                  scrim keeps white text readable on any of them. */}
              <div
                className="bg-cover bg-center"
                style={{
                  backgroundColor: level.bgColor,
                  backgroundImage: `url(${JSON.stringify(level.bgImage)})`,
                }}
              >
                <div className="flex items-center gap-4 bg-black/45 p-4 text-white">
                  <img src={level.image} alt="" className="size-14 shrink-0 drop-shadow" />
                  <div className="min-w-0">
                    <h4 id={headingId} className="font-display text-lg font-extrabold">
                      {words?.name ?? level.label}
                      {level.vip ? (
                        <span className="ml-2 rounded-full bg-black/30 px-2 py-0.5 align-middle text-xs font-bold">
                          {t.vipBadge}
                        </span>
                      ) : null}
                    </h4>
                    {words ? <p className="text-sm opacity-90">{words.description}</p> : null}
                  </div>
                </div>
              </div>
              {words ? (
                <ul className="flex flex-wrap gap-x-4 gap-y-1 px-4 pt-3 text-sm text-text-muted">
                  {words.perks.map((perk) => (
                    <li key={perk} className="flex items-center gap-1.5">
                      <Icon name="star" className="size-3.5 text-accent" />
                      {perk}
                    </li>
                  ))}
                </ul>
              ) : null}
              <ol className="grid gap-2 p-4 sm:grid-cols-3">
                {steps
                  .filter((step) => step.level.id === level.id)
                  .map((step) => {
                    const standing = position ? stepStanding(step, position) : 'ahead';
                    return (
                      <li
                        key={step.sublevel.id}
                        data-testid="loyalty-sublevel"
                        data-standing={standing}
                        aria-current={standing === 'current' ? 'step' : undefined}
                        className={`flex flex-col gap-1 rounded-xl border p-3 text-sm ${
                          standing === 'current'
                            ? 'border-accent bg-accent/10'
                            : 'border-border bg-surface-2/40'
                        }`}
                      >
                        <div className="flex items-center gap-2">
                          <span
                            aria-hidden
                            className="size-3 shrink-0 rounded-full"
                            style={{ backgroundColor: step.sublevel.bgColor }}
                          />
                          <span className="font-semibold text-text">
                            {formatMessage(content.labels.sublevel, { order: step.sublevel.order })}
                            {' · '}
                            {step.sublevel.label}
                          </span>
                        </div>
                        <span className="text-xs text-text-muted tabular-nums">
                          {formatMessage(t.sublevelFrom, { points: number(step.sublevel.points) })}
                        </span>
                        <span className="text-xs text-text">
                          <span className="text-text-muted">{content.labels.reward}: </span>
                          {rewardText(step.sublevel.reward, texts)}
                        </span>
                        {standing === 'current' ? (
                          <span className="text-xs font-semibold text-accent">{t.current}</span>
                        ) : standing === 'reached' ? (
                          <span className="text-xs text-success">{t.reached}</span>
                        ) : null}
                      </li>
                    );
                  })}
              </ol>
            </section>
          </li>
        );
      })}
    </ol>
  );
}

/** "5,000 GC + 10 free spins on Lucky Clover (play through 3.5× before redeeming)". */
export function rewardText(reward: LoyaltyReward | null, texts: RetentionTextsApi): string {
  const { t, format, number } = texts;
  if (!reward) return t.noReward;
  const parts = reward.coins.map((coin) => format(coin.amount, coin.currency));
  if (reward.freeSpins)
    parts.push(
      formatMessage(t.rewardFreeSpins, {
        count: number(reward.freeSpins.count),
        game: reward.freeSpins.gameName,
      }),
    );
  if (parts.length === 0) return t.noReward;
  const text = parts.join(' + ');
  return reward.coins.length > 0 && reward.wageringTenths > 0
    ? `${text} (${formatMessage(t.rewardWagering, { times: number(reward.wageringTenths / 10) })})`
    : text;
}
