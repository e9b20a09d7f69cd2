import { useEffect, useState } from 'react';
import type { GamesTexts } from '../../../i18n/messages/games';
import { firstFloats } from '../verifier.fns';

/** design/fairness-and-ledger.md §1: the published known answer. */
export const KNOWN_ANSWER = {
  seeds: { serverSeed: 'def', clientSeed: 'abc', nonce: 0 },
  floats: [0.8320531346835196, 0.8531235849950463, 0.18227359023876488],
} as const;

/** The scheme in words, the outcome mappings, and the known-answer vector computed live. */
export function FairnessExplainer({ t }: { t: GamesTexts }) {
  const [computed, setComputed] = useState<number[]>();
  useEffect(() => {
    firstFloats(KNOWN_ANSWER.seeds, KNOWN_ANSWER.floats.length).then(setComputed, () =>
      setComputed([]),
    );
  }, []);
  const agrees =
    computed !== undefined &&
    computed.every((f, i) => f === KNOWN_ANSWER.floats[i]) &&
    computed.length > 0;
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="scheme"
        className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="scheme" className="font-display text-xl font-bold">
          {t.schemeTitle}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-text-muted">
          <li>{t.schemeSeeds}</li>
          <li>{t.schemeBytes}</li>
          <li>{t.schemeFloats}</li>
          <li>{t.schemeRotation}</li>
        </ol>
        <h3 className="mt-5 font-semibold">{t.mappingsTitle}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-text-muted">
          {(
            [
              'map_dice',
              'map_limbo',
              'map_plinko',
              'map_mines',
              'map_cards',
              'map_roulette',
              'map_slots',
            ] as const
          ).map((key) => (
            <li key={key}>{t[key]}</li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="vector"
        className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="vector" className="font-display text-xl font-bold">
          {t.vectorTitle}
        </h2>
        <p className="mt-2 text-text-muted">{t.vectorText}</p>
        <ol className="mt-3 space-y-1 font-mono text-sm" data-testid="known-answer">
          {KNOWN_ANSWER.floats.map((f, i) => (
            <li key={i}>
              {f} {computed?.[i] === f ? '✓' : ''}
            </li>
          ))}
        </ol>
        <p
          aria-live="polite"
          className={`mt-2 text-sm ${computed === undefined ? 'text-text-muted' : agrees ? 'text-success' : 'text-danger'}`}
        >
          {computed === undefined ? t.vectorComputing : agrees ? t.vectorMatches : t.vectorMismatch}
        </p>
      </section>
    </div>
  );
}
