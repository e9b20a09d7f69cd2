import { buttonClass } from '../../../ui/button';
import { displayCodeOf, RgsError } from '../rgs-client';
import { errorTextKey, useGameText } from '../use-game-text';
import { MODAL_PARAM } from '../../../lib/modals/modal-link';
import { askForCoins, isOutOfCoins } from '../frame-messages.fns';

/**
 * A failed call, in words and with its code (a rule's code…). Out of coins is no fault to report
 * with a code: it says so plainly and offers the store, which the game page opens over the game.
 */
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
  const outOfCoins = isOutOfCoins(code);
  // Without a game page around (the client opened alone), the store opens on the game page.
  const storeHref = `${backHref}?${MODAL_PARAM}=bundles`;
  return (
    <div
      role="alert"
      data-testid="game-error"
      data-code={code}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-danger/60 bg-danger/10 px-3 py-2 text-sm text-text"
    >
      <p className="min-w-0 flex-1">
        {outOfCoins
          ? t('outOfCoins')
          : t('errorWithCode', { message: t(errorTextKey(code)), code })}
      </p>
      {outOfCoins ? (
        <a
          href={storeHref}
          target="_top"
          className={buttonClass('accent', 'sm')}
          data-testid="game-get-coins"
          onClick={(event) => {
            if (askForCoins(window)) event.preventDefault();
          }}
        >
          {t('getCoins')}
        </a>
      ) : null}
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
