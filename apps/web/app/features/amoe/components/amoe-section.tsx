import { Link } from 'react-router';
import type { AmoeCode, AmoeCodeList } from '@coinfall/shared/contracts/sweeps-compliance';
import { useLocalizedPath, useMessages } from '../../../i18n/i18n.tsx';
import { amoeMessages, type AmoeTexts } from '../../../i18n/messages/amoe.ts';
import { profileMessages } from '../../../i18n/messages/profile.ts';
import { buttonClass } from '../../../ui/button.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageSection } from '../../../ui/page-section.tsx';
import { useFormatAmount } from '../../wallet/use-format-amount.ts';
import { useAmoeCodes, useGenerateAmoeCode } from '../api/amoe-codes';

const RULES_PATH = '/static/sweepstakes-rules';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => String(values[key] ?? all));

/** /profile/wallet: free entry by mail — generate a request code, see the codes and the terms. */
export function AmoeSection() {
  const t = useMessages(amoeMessages);
  const loadTexts = useMessages(profileMessages);
  const codes = useAmoeCodes();
  const generate = useGenerateAmoeCode();
  const localize = useLocalizedPath();
  return (
    <PageSection
      id="wallet-amoe"
      title={t.title}
      description={t.intro}
      aside={
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          disabled={generate.isPending}
          onClick={() => generate.mutate()}
        >
          {t.generate}
        </button>
      }
    >
      {generate.error ? (
        <p role="alert" className="mb-3 text-sm text-danger">
          {generate.error.message}
        </p>
      ) : null}
      <LoadState texts={loadTexts} query={codes} rows={2}>
        {(data) => <AmoeCodes data={data} t={t} />}
      </LoadState>
      <Link to={localize(RULES_PATH)} className="mt-3 inline-block text-sm text-accent underline">
        {t.rulesLink}
      </Link>
    </PageSection>
  );
}

function AmoeCodes({ data, t }: { data: AmoeCodeList; t: AmoeTexts }) {
  const format = useFormatAmount();
  const { terms } = data;
  return (
    <div className="space-y-3 text-sm text-text">
      <p>
        {fill(t.terms, {
          amount: format(terms.amount, terms.currency),
          perDay: terms.maxPerDay,
          perMonth: terms.maxPerMonth,
          days: terms.codeValidDays,
          unused: terms.maxUnusedCodes,
        })}
      </p>
      <p>{t.howTo}</p>
      {data.data.length === 0 ? (
        <p className="text-text-muted">{t.none}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t.codesLabel}>
          {data.data.map((code) => (
            <CodeRow key={code.code} code={code} t={t} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CodeRow({ code, t }: { code: AmoeCode; t: AmoeTexts }) {
  const status = { unused: t.statusUnused, used: t.statusUsed, expired: t.statusExpired }[
    code.status
  ];
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <code data-testid="amoe-code" className="font-mono text-base font-bold tracking-wider">
        {code.code}
      </code>
      <span className="text-text-muted">
        {status} · {fill(t.expires, { date: code.expiresAt.slice(0, 10) })}
      </span>
    </li>
  );
}
