import { useState } from 'react';
import { BonusCodeTrigger } from '@coinfall/shared/bonus-constants';
import { formatMessage } from '../../../i18n/i18n.tsx';
import { buttonClass } from '../../../ui/button.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { useBonusCodes, useRemoveBonusCode } from '../api/bonus-codes';
import { useBonusTexts } from '../hooks/use-bonus-texts';
import { BonusCodeForm } from './bonus-code-form';

/**
 * The purchase modal's optional bonus code (trigger 2): entered before paying, it stays pending
 * until the purchase succeeds and is applied then; the player can remove it meanwhile.
 */
export function PurchaseBonusCode() {
  const { t } = useBonusTexts();
  const codes = useBonusCodes(BonusCodeTrigger.Purchase);
  const remove = useRemoveBonusCode();
  const [notice, setNotice] = useState('');
  const pending = codes.data?.data.filter((code) => code.state === 'pending') ?? [];

  if (codes.isPending) return null;
  if (pending.length === 0)
    return (
      <div className="flex flex-col gap-1">
        <BonusCodeForm trigger={BonusCodeTrigger.Purchase} optional />
        <LiveMessage text={notice} />
      </div>
    );
  return (
    <ul className="flex flex-col gap-2" aria-label={t.codeLabel}>
      {pending.map((code) => (
        <li
          key={code.playerBonusCodeId}
          data-testid="pending-bonus-code"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-accent/40 bg-accent/10 px-3 py-2"
        >
          <span className="text-sm text-text">
            {formatMessage(t.codePending, { code: code.bonusCode })}
          </span>
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            disabled={remove.isPending}
            aria-label={formatMessage(t.codeRemoveLabel, { code: code.bonusCode })}
            onClick={() =>
              remove.mutate(code.playerBonusCodeId, {
                onSuccess: () => setNotice(t.codeRemoved),
                onError: () => setNotice(t.actionFailedPlain),
              })
            }
          >
            {t.codeRemove}
          </button>
        </li>
      ))}
    </ul>
  );
}
