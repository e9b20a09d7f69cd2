import { useState } from 'react';
import type { PromotionAction as Action } from '@coinfall/shared';
import { BonusCodeTrigger } from '@coinfall/shared/bonus-constants';
import { buttonClass } from '../../../ui/button.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { SmartLink } from '../../../ui/smart-link.tsx';
import { useBonusTexts } from '../hooks/use-bonus-texts';
import { BonusCodeForm } from './bonus-code-form';
import { DailyBonus } from './daily-bonus';

/** What a promotion lets the player do on its page: claim, copy and apply a code, or follow a link. */
export function PromotionAction({ action }: { action: Action }) {
  switch (action.type) {
    case 'daily':
      return <DailyBonus />;
    case 'code':
      return <PromotionCode code={action.code} instant={action.use === 'instant'} />;
    case 'link':
      return (
        <SmartLink url={action.button.url} className={buttonClass('primary', 'md', 'self-start')}>
          {action.button.label}
        </SmartLink>
      );
  }
}

/** A code to copy; one applied on its own also gets the form, filled in (trigger 3). */
function PromotionCode({ code, instant }: { code: string; instant: boolean }) {
  const { t } = useBonusTexts();
  const [copied, setCopied] = useState('');
  const copy = () => {
    void navigator.clipboard?.writeText(code).then(
      () => setCopied(t.promotionCopied),
      () => setCopied(''),
    );
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-text-muted">{t.promotionCode}</span>
        <code
          className="rounded-lg border border-dashed border-accent px-3 py-1.5 font-mono text-base font-bold text-accent"
          data-testid="promotion-code"
        >
          {code}
        </code>
        <button type="button" className={buttonClass('outline', 'sm')} onClick={copy}>
          {t.promotionCopy}
        </button>
      </div>
      <LiveMessage text={copied} />
      {instant ? <BonusCodeForm trigger={BonusCodeTrigger.Instant} initialCode={code} /> : null}
    </div>
  );
}
