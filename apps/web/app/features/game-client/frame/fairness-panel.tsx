import type { FairnessState } from '@coinfall/shared';
import { useGameText } from '../use-game-text';

/** The commitment (server seed hash) and the next nonce, shown before any round. */
export function FairnessPanel({ fairness, rtp }: { fairness: FairnessState; rtp: string }) {
  const { t } = useGameText();
  return (
    <details className="rounded-xl border border-border bg-surface p-2 text-xs text-text-muted">
      <summary className="cursor-pointer font-semibold text-text">
        {t('fairness')} · {t('rtp', { rtp })}
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt>{t('serverSeedHash')}</dt>
        <dd className="font-mono break-all" data-testid="server-seed-hash">
          {fairness.serverSeedHash}
        </dd>
        <dt>{t('clientSeed')}</dt>
        <dd className="font-mono break-all">{fairness.clientSeed}</dd>
        <dt>{t('nonce')}</dt>
        <dd className="font-mono" data-testid="nonce">
          {fairness.nonce}
        </dd>
      </dl>
    </details>
  );
}
