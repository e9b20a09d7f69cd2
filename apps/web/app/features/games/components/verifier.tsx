import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { CATALOG_GAMES } from '@coinfall/shared/games/catalog';
import type { RoundReplay } from '@coinfall/shared/contracts/rgs';
import { formatMessage } from '../../../i18n/i18n';
import type { GamesTexts } from '../../../i18n/messages/games';
import { useRootData } from '../../../lib/root-data';
import { buttonClass } from '../../../ui/button';
import { useReplay } from '../api/spins';
import { verifyInBrowser, type VerifierForm, type Verification } from '../verify-round';

const FIELD =
  'h-10 w-full rounded-xl border border-border-strong bg-bg px-3 font-mono text-sm aria-invalid:border-danger';

/** Engine keys the verifier offers, named after the studio's games. */
const ENGINE_CHOICES = CATALOG_GAMES.map((g) => ({ engine: g.engine, name: g.name }));

function formFromUrl(params: URLSearchParams): VerifierForm {
  return {
    serverSeed: params.get('serverSeed') ?? '',
    serverSeedHash: params.get('hash') ?? '',
    clientSeed: params.get('clientSeed') ?? '',
    nonce: params.get('nonce') ?? '0',
    engine: params.get('game') ?? 'dice',
    bet: params.get('bet') ?? '100',
    params: params.get('params') ?? '{}',
    actions: params.get('actions') ?? '[]',
  };
}

function formFromReplay(replay: RoundReplay): VerifierForm {
  return {
    serverSeed: replay.serverSeed ?? '',
    serverSeedHash: replay.round.serverSeedHash,
    clientSeed: replay.round.clientSeed,
    nonce: String(replay.round.nonce),
    engine: replay.engine,
    bet: String(replay.round.bet),
    params: JSON.stringify(replay.round.params ?? {}),
    actions: JSON.stringify(replay.actions),
  };
}

/**
 * Recomputes a round in the browser: fields typed in, filled from a revealed seed pair
 * (?serverSeed&hash&clientSeed&nonce) or from a stored round (?round=<id>, the player's replay).
 */
export function Verifier({ t }: { t: GamesTexts }) {
  // useLocation, not useSearchParams (see lobby-filters.tsx).
  const searchParams = new URLSearchParams(useLocation().search);
  const roundId = searchParams.get('round') ?? undefined;
  const { isAuthenticated } = useRootData();
  const replay = useReplay(isAuthenticated ? roundId : undefined);
  const [form, setForm] = useState<VerifierForm>(() => formFromUrl(searchParams));
  const [result, setResult] = useState<Verification>();
  const [busy, setBusy] = useState(false);
  const ids = useId();

  // A loaded round fills the form once (adjusted during render, not in an effect).
  const [filledFrom, setFilledFrom] = useState<RoundReplay>();
  if (replay.data && replay.data !== filledFrom) {
    setFilledFrom(replay.data);
    setForm(formFromReplay(replay.data));
  }

  const set = (key: keyof VerifierForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setResult(undefined);
    setResult(await verifyInBrowser(form, replay.data?.round));
    setBusy(false);
  };

  const invalid = result?.kind === 'invalid' ? result.fields : {};
  const field = (key: keyof VerifierForm, label: string, wide = false, area = false) => (
    <div className={`flex flex-col gap-1 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={`${ids}${key}`} className="text-xs font-semibold text-text-muted">
        {label}
      </label>
      {area ? (
        <textarea
          id={`${ids}${key}`}
          value={form[key]}
          onChange={set(key)}
          rows={2}
          spellCheck={false}
          aria-invalid={invalid[key] !== undefined}
          aria-describedby={invalid[key] ? `${ids}${key}-error` : undefined}
          className={`${FIELD} h-auto py-2`}
        />
      ) : (
        <input
          id={`${ids}${key}`}
          value={form[key]}
          onChange={set(key)}
          spellCheck={false}
          autoComplete="off"
          inputMode={key === 'nonce' || key === 'bet' ? 'numeric' : undefined}
          aria-invalid={invalid[key] !== undefined}
          aria-describedby={invalid[key] ? `${ids}${key}-error` : undefined}
          className={FIELD}
        />
      )}
      {invalid[key] ? (
        <p id={`${ids}${key}-error`} className="text-xs text-danger">
          {t[invalid[key]]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section
      id="verify"
      aria-labelledby="verifier-title"
      className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="verifier-title" className="font-display text-xl font-bold">
        {t.verifierTitle}
      </h2>
      <p className="mt-1 text-sm text-text-muted">{t.verifierIntro}</p>
      <div aria-live="polite" className="mt-2 text-sm">
        {roundId && replay.isPending && isAuthenticated ? <p>{t.replayLoading}</p> : null}
        {roundId && replay.isError ? <p className="text-danger">{t.replayFailed}</p> : null}
        {replay.data && replay.data.serverSeed === null ? (
          <p className="text-danger">{t.replaySeedActive}</p>
        ) : null}
        {replay.data && replay.data.serverSeed !== null ? (
          <p className="text-text-muted">
            {formatMessage(t.replayFilled, {
              game: replay.data.round.game,
              nonce: replay.data.round.nonce,
            })}
          </p>
        ) : null}
      </div>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="mt-4 grid gap-3 sm:grid-cols-2"
      >
        {field('serverSeed', t.serverSeedLabel, true)}
        {field('serverSeedHash', t.serverSeedHashLabel, true)}
        {field('clientSeed', t.clientSeedLabel)}
        {field('nonce', 'Nonce')}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}engine`} className="text-xs font-semibold text-text-muted">
            {t.gameLabel}
          </label>
          <select
            id={`${ids}engine`}
            value={form.engine}
            onChange={set('engine')}
            className={FIELD}
          >
            {ENGINE_CHOICES.some((c) => c.engine === form.engine) ? null : (
              <option value={form.engine}>{form.engine}</option>
            )}
            {ENGINE_CHOICES.map((c) => (
              <option key={c.engine} value={c.engine}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {field('bet', t.betLabel)}
        {field('params', t.paramsLabel, true, true)}
        {field('actions', t.actionsLabel, true, true)}
        <div className="sm:col-span-2">
          <button type="submit" disabled={busy} className={buttonClass('primary')}>
            {busy ? t.verifying : t.verify}
          </button>
        </div>
      </form>
      <div aria-live="polite" aria-atomic="true">
        {result && result.kind !== 'invalid' ? <VerificationResult result={result} t={t} /> : null}
      </div>
    </section>
  );
}

function VerificationResult({
  result,
  t,
}: {
  result: Exclude<Verification, { kind: 'invalid' }>;
  t: GamesTexts;
}) {
  return (
    <div className="mt-5 rounded-xl border border-border p-4 text-sm" data-testid="verification">
      <h3 className="font-semibold">{t.resultTitle}</h3>
      {result.kind === 'no-engine' ? (
        <p className="mt-2 text-danger">{t.engineMissing}</p>
      ) : result.kind === 'failed' ? (
        <p className="mt-2 text-danger">
          {formatMessage(t.verifyFailed, { reason: result.reason })}
        </p>
      ) : (
        <>
          {result.commitment !== undefined ? (
            <p className={`mt-2 ${result.commitment ? 'text-success' : 'text-danger'}`}>
              {result.commitment ? t.commitmentOk : t.commitmentBad}
            </p>
          ) : null}
          {result.matchesStored !== undefined ? (
            <p
              className={`mt-1 font-semibold ${result.matchesStored ? 'text-success' : 'text-danger'}`}
              data-testid="round-match"
            >
              {result.matchesStored ? t.roundMatches : t.roundMismatch}
            </p>
          ) : null}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-text-muted">{t.payoutLabel}</dt>
            <dd className="font-mono" data-testid="payout">
              {result.outcome.payout}
            </dd>
            <dt className="text-text-muted">{t.floatsLabel}</dt>
            <dd className="font-mono">{result.outcome.floatsUsed}</dd>
          </dl>
          <p className="mt-3 text-text-muted">{t.outcomeLabel}</p>
          <pre
            className="mt-1 max-h-64 overflow-auto rounded-lg bg-surface-2 p-3 text-xs"
            data-testid="outcome"
          >
            {JSON.stringify(result.outcome.view, null, 2)}
          </pre>
        </>
      )}
    </div>
  );
}
