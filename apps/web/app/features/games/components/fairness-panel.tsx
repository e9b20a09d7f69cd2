import { useId, useState } from 'react';
import { Link } from 'react-router';
import { clientSeedBodySchema, type Fairness } from '@coinfall/shared/contracts/rgs';
import { formatMessage, useLocalizedPath } from '../../../i18n/i18n';
import type { GamesTexts } from '../../../i18n/messages/games';
import { buttonClass } from '../../../ui/button';
import { ApiError } from '../../../lib/api/api-error.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { useFairness, useRotateSeed, useSetClientSeed } from '../api/fairness';
import { verifierHref } from '../verifier-link.fns';

function failureText(error: unknown, t: GamesTexts): string {
  // A seed change is refused while a stateful round is open (design §1).
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'ROUND_OPEN' || code === 'CONFLICT') return t.seedsLocked;
  if (code === 'VALIDATION_FAILED') return t.clientSeedInvalid;
  return t.saveFailed;
}

const CODE = 'block break-all rounded-lg bg-surface-2 px-2 py-1 font-mono text-xs';

/** The player's seeds: the commitment, the client seed to edit, rotation and the revealed pair. */
export function FairnessPanel({ t }: { t: GamesTexts }) {
  const fairness = useFairness();
  const localize = useLocalizedPath();
  return (
    <section
      aria-labelledby="fairness-panel"
      className="rounded-2xl border border-border bg-surface p-5"
    >
      <h2 id="fairness-panel" className="font-display text-lg font-bold">
        {t.fairnessTitle}
      </h2>
      <p className="mt-1 text-sm text-text-muted">{t.fairnessIntro}</p>
      <Link
        to={localize('/fairness')}
        className="mt-1 inline-block text-sm font-semibold text-accent hover:underline"
      >
        {t.learnMore}
      </Link>
      {fairness.isPending ? (
        <p role="status" className="mt-3 text-sm text-text-muted">
          {t.loading}
        </p>
      ) : fairness.isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {t.fairnessFailed}
        </p>
      ) : (
        <FairnessState fairness={fairness.data} t={t} />
      )}
    </section>
  );
}

function FairnessState({ fairness, t }: { fairness: Fairness; t: GamesTexts }) {
  const ids = useId();
  const localize = useLocalizedPath();
  const [seed, setSeed] = useState(fairness.clientSeed);
  const [invalid, setInvalid] = useState(false);
  const [message, setMessage] = useState<string>();
  const setClientSeed = useSetClientSeed();
  const rotate = useRotateSeed();
  const modals = useModals();

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = clientSeedBodySchema.safeParse({ clientSeed: seed });
    setInvalid(!parsed.success);
    setMessage(undefined);
    if (!parsed.success) return;
    setClientSeed.mutate(parsed.data, {
      onSuccess: () => setMessage(t.clientSeedSaved),
      onError: (error) => setMessage(failureText(error, t)),
    });
  };
  // A rotation ends the seed pair for good: asked first, saying what it does.
  const onRotate = () => {
    modals.openKeyed('confirm', {
      props: {
        title: t.rotateTitle,
        description: t.rotateText,
        confirmLabel: t.rotateConfirm,
        onConfirm: () => {
          setMessage(undefined);
          rotate.mutate(undefined, {
            onSuccess: () => setMessage(t.rotated),
            onError: (error) => setMessage(failureText(error, t)),
          });
        },
      },
    });
  };

  return (
    <div className="mt-4 space-y-4 text-sm">
      <div>
        <p className="font-semibold">{t.commitmentLabel}</p>
        <code className={CODE} data-testid="commitment">
          {fairness.serverSeedHash}
        </code>
        <p className="mt-1 text-text-muted">
          {t.nonceLabel}: <span className="font-mono">{fairness.nonce}</span>
        </p>
      </div>
      <form onSubmit={save} noValidate className="flex flex-col gap-1">
        <label htmlFor={`${ids}seed`} className="font-semibold">
          {t.clientSeedLabel}
        </label>
        <div className="flex gap-2">
          <input
            id={`${ids}seed`}
            value={seed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid}
            aria-describedby={`${ids}hint`}
            onChange={(e) => setSeed(e.target.value)}
            className="h-10 min-w-0 flex-1 rounded-xl border border-border-strong bg-bg px-3 font-mono text-sm aria-invalid:border-danger"
          />
          <button
            type="submit"
            className={buttonClass('outline', 'sm', 'h-10')}
            disabled={setClientSeed.isPending}
          >
            {t.clientSeedSave}
          </button>
        </div>
        <p id={`${ids}hint`} className={invalid ? 'text-danger' : 'text-text-muted'}>
          {invalid ? t.clientSeedInvalid : t.clientSeedHint}
        </p>
      </form>
      <button
        type="button"
        onClick={onRotate}
        disabled={rotate.isPending}
        className={buttonClass('primary', 'sm')}
      >
        {rotate.isPending ? t.rotating : t.rotate}
      </button>
      <p aria-live="polite" className="min-h-5 text-text-muted">
        {message}
      </p>
      {fairness.previous ? (
        <div className="rounded-xl border border-border p-3" data-testid="previous-seeds">
          <h3 className="font-semibold">{t.previousTitle}</h3>
          <p className="mt-2 text-text-muted">{t.revealedSeedLabel}</p>
          <code className={CODE} data-testid="revealed-seed">
            {fairness.previous.serverSeed}
          </code>
          <p className="mt-2 text-text-muted">{t.clientSeedLabel}</p>
          <code className={CODE}>{fairness.previous.clientSeed}</code>
          <p className="mt-2 text-text-muted">
            {formatMessage(t.previousRounds, { count: fairness.previous.nonces })}
          </p>
          <Link
            to={localize(verifierHref(fairness.previous))}
            className="mt-2 inline-block font-semibold text-accent hover:underline"
          >
            {t.verifyLink}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
