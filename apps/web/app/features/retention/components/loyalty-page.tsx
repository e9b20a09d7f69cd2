import { useMemo } from 'react';
import {
  LOYALTY_COINS_PER_POINT,
  LOYALTY_POINTS_PER_PURCHASE_UNIT,
  type RetentionAccount,
} from '@coinfall/shared/contracts/loyalty';
import { formatMessage } from '../../../i18n/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageSection } from '../../../ui/page-section.tsx';
import { useLevels, useRetentionAccount } from '../api/loyalty.api';
import { useRetentionTexts, type RetentionTextsApi } from '../hooks/use-retention-texts';
import { ladderPosition, ladderSteps, type LadderStep } from '../loyalty.fns';
import { GuestCall } from './guest-call';
import { LoyaltyLadder, type LoyaltyContent } from './loyalty-ladder';

/**
 * /loyalty: the player's position and the points to the next sublevel, the ladder, and how
 * points are earned. A guest sees the ladder with a call to sign up (spec §6: login gates the
 * player's loyalty data, not the programme).
 */
export function LoyaltyPage({ content }: { content: LoyaltyContent }) {
  const { isAuthenticated } = useRootData();
  const texts = useRetentionTexts();
  const { t } = texts;
  const levels = useLevels();
  const account = useRetentionAccount(isAuthenticated);
  const steps = useMemo(() => ladderSteps(levels.data?.data ?? []), [levels.data]);
  const position =
    account.data && steps.length > 0 ? ladderPosition(steps, account.data) : undefined;
  return (
    <>
      <PageHeader title={content.title} description={content.description} />
      {isAuthenticated ? (
        <PageSection id="loyalty-position" title={t.positionTitle}>
          <LoadState query={account} texts={t} rows={2}>
            {(data) => <Position account={data} steps={steps} content={content} texts={texts} />}
          </LoadState>
        </PageSection>
      ) : (
        <div className="mb-6">
          <GuestCall text={t.signUpCall} icon="loyalty" t={t} />
        </div>
      )}
      <PageSection id="loyalty-levels" title={t.levelsTitle}>
        <LoadState query={levels} texts={t}>
          {() => (
            <LoyaltyLadder steps={steps} position={position} content={content} texts={texts} />
          )}
        </LoadState>
      </PageSection>
      <PageSection id="loyalty-earn" title={t.earnTitle}>
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-text-muted">
          {content.howItWorks.map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>{formatMessage(t.earnSweeps, LOYALTY_COINS_PER_POINT.SC)}</li>
          <li>{formatMessage(t.earnGold, numbers(LOYALTY_COINS_PER_POINT.GC, texts))}</li>
          <li>{formatMessage(t.earnPurchase, { points: LOYALTY_POINTS_PER_PURCHASE_UNIT })}</li>
          <li>{t.earnQuests}</li>
          <li>{t.earnNeverDown}</li>
        </ul>
      </PageSection>
    </>
  );
}

function numbers(values: Record<string, number>, texts: RetentionTextsApi) {
  return Object.fromEntries(Object.entries(values).map(([key, n]) => [key, texts.number(n)]));
}

function Position({
  account,
  steps,
  content,
  texts,
}: {
  account: RetentionAccount;
  steps: readonly LadderStep[];
  content: LoyaltyContent;
  texts: RetentionTextsApi;
}) {
  const { t, number } = texts;
  const position = ladderPosition(steps, account);
  const levelName = content.levels[account.currentLevel.slug]?.name ?? account.currentLevel.label;
  const next = account.nextSublevel;
  const nextName = next
    ? `${content.levels[next.levelSlug]?.name ?? next.levelLabel} · ${next.sublevelLabel}`
    : undefined;
  const barText = next
    ? formatMessage(content.labels.progress, {
        points: number(account.points),
        target: number(next.points),
      })
    : content.labels.maxLevel;
  return (
    <div className="flex flex-col gap-3" data-testid="loyalty-position">
      <p className="text-sm text-text-muted">{content.labels.currentLevel}</p>
      <p className="font-display text-2xl font-extrabold text-text" data-testid="loyalty-current">
        {levelName} · {account.currentSublevel.label}
      </p>
      <p className="text-sm text-text tabular-nums" data-testid="loyalty-points">
        {formatMessage(t.points, { points: number(account.points) })}
      </p>
      <div
        role="progressbar"
        aria-label={content.labels.currentLevel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position.percent}
        aria-valuetext={barText}
        className="h-3 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-500"
          style={{ width: `${position.percent}%` }}
        />
      </div>
      <p className="text-sm text-text-muted" data-testid="loyalty-next">
        {next && nextName
          ? `${formatMessage(content.labels.nextLevel, { level: nextName })} · ${barText}`
          : content.labels.maxLevel}
      </p>
    </div>
  );
}
