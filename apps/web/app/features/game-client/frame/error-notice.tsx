import { buttonClass } from '../../../ui/button';
import { displayCodeOf, RgsError } from '../rgs-client';
import { errorTextKey, useGameText } from '../use-game-text';

/** A failed call, in words and with its code (INSUFFICIENT_FUNDS, a rule's code…). */
export function ErrorNotice({
  error,
  onDismiss,
  backHref,
}: {
  error: unknown;
  onDismiss: () => void;
  backHref: string;
}) {
  const { t } = useGameText();
  const code = displayCodeOf(error);
  const expired = error instanceof RgsError && error.code === 'GAME_SESSION_EXPIRED';
  return (
    <div
      role="alert"
      data-testid="game-error"
      data-code={code}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-danger/60 bg-danger/10 px-3 py-2 text-sm text-text"
    >
      <p className="min-w-0 flex-1">
        {t('errorWithCode', { message: t(errorTextKey(code)), code })}
      </p>
      {expired ? (
        <a href={backHref} target="_top" className={buttonClass('outline', 'sm')}>
          {t('backToGame')}
        </a>
      ) : null}
      <button type="button" className={buttonClass('ghost', 'sm')} onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}
