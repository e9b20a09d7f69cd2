import { BonusCodeTrigger } from '@coinfall/shared/bonus-constants';
import { forgetDeferredBonusCode } from '../deferred-bonus';
import { BonusCodeForm } from './bonus-code-form';

/** The receive-bonus modal's form: the code a link brought, applied at once (trigger 3). */
export function DeferredCode({ code }: { code: string }) {
  return (
    <BonusCodeForm
      trigger={BonusCodeTrigger.Instant}
      initialCode={code}
      onApplied={forgetDeferredBonusCode}
    />
  );
}
