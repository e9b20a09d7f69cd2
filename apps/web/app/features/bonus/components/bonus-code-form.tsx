import { useId, useState, type FormEvent } from 'react';
import type { PlayerBonusCode } from '@coinfall/shared/contracts/bonus';
import { formatMessage } from '../../../i18n/i18n.tsx';
import type { BonusTexts } from '../../../i18n/messages/bonus.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useAlerts } from '../../alerts/use-alerts.ts';
import { useClaimBonusCode } from '../api/bonus-codes';
import { bonusCodeRefusal, isBonusRefusedHere } from '../bonus.fns';
import { useBonusTexts } from '../hooks/use-bonus-texts';

const INPUT =
  'block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-text placeholder:text-text-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';

/** What a refused code shows under the field; the spec §8 alert goes to the queue as well. */
function refusalText(
  error: unknown,
  t: BonusTexts,
): { text: string; alert?: ReturnType<typeof bonusCodeRefusal> } {
  if (!(error instanceof ApiError)) return { text: t.actionFailedPlain };
  if (isBonusRefusedHere(error)) return { text: t.notAllowedHere };
  const alert = bonusCodeRefusal(error.details);
  if (alert === 'bonusCodeIncorrect') return { text: t.codeIncorrect, alert };
  if (alert === 'bonusCodeNotAvailable')
    return {
      text: error.message
        ? formatMessage(t.codeNotAvailable, { reason: error.message })
        : t.codeNotAvailablePlain,
      alert,
    };
  const field = error.details?.fields?.[0]?.message;
  return { text: field ?? (error.message || t.actionFailedPlain) };
}

/**
 * A bonus-code field (spec §3 form field bonusCode): POST /api/game/bonuses/bonuscodes with the
 * trigger of where it is entered — the bonuses page and promotion links (3, applied at once),
 * sign-up (1), a purchase (2, pending until the payment succeeds).
 */
export function BonusCodeForm({
  trigger,
  initialCode = '',
  optional = false,
  onApplied,
}: {
  trigger: number;
  initialCode?: string;
  /** A field the player may leave empty (sign-up, purchase): labelled as optional. */
  optional?: boolean;
  onApplied?: (code: PlayerBonusCode) => void;
}) {
  const { t } = useBonusTexts();
  const alerts = useAlerts();
  const claim = useClaimBonusCode();
  const [code, setCode] = useState(initialCode);
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Codes are case-sensitive: only surrounding spaces go (as the contract trims).
    const bonusCode = code.trim();
    if (!bonusCode) {
      setMessage({ text: t.codeRequired, tone: 'error' });
      return;
    }
    setMessage(null);
    claim.mutate(
      { bonusCode, trigger },
      {
        onSuccess: (applied) => {
          setCode('');
          setMessage({
            tone: 'info',
            text: formatMessage(applied.state === 'pending' ? t.codePending : t.codeApplied, {
              code: applied.bonusCode,
            }),
          });
          onApplied?.(applied);
        },
        onError: (error) => {
          const refusal = refusalText(error, t);
          if (refusal.alert) alerts.push(refusal.alert);
          setMessage({ text: refusal.text, tone: 'error' });
        },
      },
    );
  };

  const error = message?.tone === 'error';
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2"
      data-testid="bonus-code-form"
    >
      <label htmlFor={`${id}-code`} className="text-sm font-medium text-text-muted">
        {optional ? t.codeOptional : t.codeLabel}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-code`}
          name="bonusCode"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error || undefined}
          aria-describedby={`${id}-hint ${id}-message`}
          className={`${INPUT} min-w-0 flex-1`}
        />
        {/* Optional in a bigger form (sign-up, purchase): not the form's main action. */}
        <button
          type="submit"
          className={buttonClass(optional ? 'outline' : 'primary', 'md')}
          disabled={claim.isPending}
        >
          {claim.isPending ? t.codeApplying : t.codeApply}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-text-muted">
        {t.codeDescription}
      </p>
      <p
        id={`${id}-message`}
        role={error ? 'alert' : 'status'}
        className={`text-sm empty:hidden ${error ? 'text-danger' : 'text-success'}`}
        data-testid="bonus-code-message"
      >
        {message?.text ?? ''}
      </p>
    </form>
  );
}
