import { useState } from 'react';
import type { DailyBonusState } from '@coinfall/shared/contracts/bonus';
import { formatMessage } from '../../../i18n/i18n.tsx';
import { buttonClass } from '../../../ui/button.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { useFormatAmount } from '../../wallet/use-format-amount.ts';
import { useClaimDailyBonus, useDailyBonus } from '../api/daily-bonus';
import { isBonusRefusedHere } from '../bonus.fns';
import { useBonusTexts } from '../hooks/use-bonus-texts';
import { useNow } from '../hooks/use-now';

/**
 * The daily login bonus: the streak, what the next claim gives and the button, or the
 * countdown to the next claim. `compact` is the account menu's one-line form.
 */
export function DailyBonus({ compact = false }: { compact?: boolean }) {
  const { t } = useBonusTexts();
  const daily = useDailyBonus();
  return (
    <LoadState texts={t} query={daily} rows={1}>
      {(state) => <DailyBonusView state={state} compact={compact} />}
    </LoadState>
  );
}

function DailyBonusView({ state, compact }: { state: DailyBonusState; compact: boolean }) {
  const { t, spanUntil } = useBonusTexts();
  const claim = useClaimDailyBonus();
  const format = useFormatAmount();
  const now = useNow();
  const [notice, setNotice] = useState<{ text: string; tone: 'info' | 'error' }>({
    text: '',
    tone: 'info',
  });
  const reward = state.rewards.map((r) => format(r.amount, r.currency)).join(' + ');
  const wait = state.claimable ? null : spanUntil(state.nextClaimAt, now);
  // The countdown may end before the state is read again: then the claim is open.
  const open = state.claimable || wait === null;

  const onClaim = () => {
    setNotice({ text: '', tone: 'info' });
    claim.mutate(undefined, {
      onSuccess: () => setNotice({ text: t.dailyClaimed, tone: 'info' }),
      onError: (error) =>
        setNotice({
          text: isBonusRefusedHere(error) ? t.notAllowedHere : t.dailyFailed,
          tone: 'error',
        }),
    });
  };

  return (
    <div
      className={`flex flex-col ${compact ? 'gap-1.5' : 'gap-3'}`}
      data-testid="daily-bonus"
      data-claimable={open}
    >
      {state.streak > 0 ? (
        <p className={`font-semibold text-text ${compact ? 'text-xs' : 'text-sm'}`}>
          {formatMessage(state.claimable ? t.dailyStreakNext : t.dailyStreak, {
            streak: state.streak,
          })}
        </p>
      ) : null}
      {open ? (
        <button
          type="button"
          className={buttonClass('accent', 'sm', compact ? 'w-full' : 'self-start')}
          disabled={claim.isPending}
          onClick={onClaim}
        >
          {claim.isPending
            ? t.dailyClaiming
            : reward
              ? formatMessage(t.dailyClaim, { reward })
              : t.dailyClaimPlain}
        </button>
      ) : (
        <p className="text-sm text-text-muted tabular-nums" data-testid="daily-bonus-countdown">
          {formatMessage(t.dailyNext, { time: wait })}
        </p>
      )}
      <LiveMessage text={notice.text} tone={notice.tone} />
    </div>
  );
}
