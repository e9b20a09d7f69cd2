import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { walletMessages } from '../../../i18n/messages/wallet.ts';
import type en from '../../../i18n/messages/wallet/en.ts';
import { PageSection } from '../../../ui/page-section.tsx';
import { usePlaceStanding } from '../api/place-standing';
import { placeName, standingLines, type StandingLine } from '../place-standing.fns';

type WalletTexts = Record<keyof typeof en, string>;

function lineText(line: StandingLine, t: WalletTexts, locale: string): string {
  switch (line.kind) {
    case 'noSweepsPlay':
      return t.standingNoSweepsPlay;
    case 'noBonuses':
      return t.standingNoBonuses;
    case 'noRedemptions':
      return t.standingNoRedemptions;
    case 'windDown':
      return formatMessage(t.standingWindDown, {
        date: new Date(line.until).toLocaleDateString(locale, { dateStyle: 'long' }),
      });
  }
}

/**
 * /profile/wallet: why Sweeps Coins play, bonuses or redemptions are not available where the
 * player is (the state and its rule, a wind-down's end) — the same standing the server's doors
 * read (decisions 046 and 052). Shown only when the place refuses or winds something down.
 */
export function PlaceStandingSection() {
  const t = useMessages(walletMessages);
  const locale = useLocale();
  const standing = usePlaceStanding().data;
  if (!standing) return null;
  const lines = standingLines(standing);
  if (lines.length === 0) return null;
  const source =
    standing.source === 'location'
      ? t.standingFromLocation
      : standing.source === 'ip'
        ? t.standingFromConnection
        : null;
  return (
    <PageSection
      id="wallet-place"
      title={t.standingTitle}
      description={formatMessage(t.standingIntro, { place: placeName(standing, locale) })}
    >
      <ul className="list-disc space-y-2 pl-5 text-sm text-text">
        {lines.map((line) => (
          <li key={line.kind}>{lineText(line, t, locale)}</li>
        ))}
      </ul>
      {source ? <p className="mt-3 text-xs text-text-muted">{source}</p> : null}
    </PageSection>
  );
}
