import { Link } from 'react-router';
import type { ContentDocument } from '@coinfall/shared';
import type { PlayerVip, VipBenefits, VipProgramme } from '@coinfall/shared/contracts/loyalty';
import { formatMessage, useLocalizedPath } from '../../../i18n/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { buttonClass } from '../../../ui/button.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageSection } from '../../../ui/page-section.tsx';
import { useVipBenefits, useVipProgramme } from '../api/loyalty.api';
import { useRetentionTexts, type RetentionTextsApi } from '../hooks/use-retention-texts';

type LevelNames = ContentDocument<'loyalty'>['levels'];

/**
 * /vip's data part: what each VIP level gives (public) and, for a player, their own standing:
 * the rakeback accrued since the last daily credit, when the next one runs, and their host.
 */
export function VipSection({ levelNames }: { levelNames: LevelNames }) {
  const { isAuthenticated } = useRootData();
  const texts = useRetentionTexts();
  const { t } = texts;
  const programme = useVipProgramme();
  const benefits = useVipBenefits(isAuthenticated);
  const name = (level: Pick<VipBenefits, 'levelSlug' | 'levelLabel'>) =>
    levelNames[level.levelSlug]?.name ?? level.levelLabel;
  return (
    <>
      {isAuthenticated ? (
        <PageSection id="vip-yours" title={t.vipYours}>
          <LoadState query={benefits} texts={t} rows={2}>
            {(vip) => <Yours vip={vip} programme={programme.data} name={name} texts={texts} />}
          </LoadState>
        </PageSection>
      ) : null}
      <PageSection id="vip-programme" title={t.vipProgrammeTitle}>
        <LoadState query={programme} texts={t}>
          {(data) =>
            data.levels.length === 0 ? (
              <EmptyState text={t.vipEmpty} icon="vip" />
            ) : (
              <ul className="grid gap-4 md:grid-cols-2" data-testid="vip-programme">
                {data.levels.map((level) => (
                  <li
                    key={level.levelId}
                    className="rounded-xl border border-border bg-surface-2/40 p-4"
                  >
                    <h4 className="mb-2 flex items-center gap-2 font-semibold text-text">
                      <Icon name="crown" className="size-4.5 text-accent" />
                      {name(level)}
                    </h4>
                    <Benefits benefits={level} hour={data.rakebackCreditHourUtc} texts={texts} />
                  </li>
                ))}
              </ul>
            )
          }
        </LoadState>
      </PageSection>
    </>
  );
}

function Benefits({
  benefits,
  hour,
  texts,
}: {
  benefits: VipBenefits;
  hour: number;
  texts: RetentionTextsApi;
}) {
  const { t } = texts;
  return (
    <ul className="flex flex-col gap-1 text-sm text-text-muted">
      <li>{formatMessage(t.vipDailyBonus, { percent: benefits.dailyBonusPercent })}</li>
      {benefits.rakebackPercent > 0 ? (
        <li>
          {formatMessage(t.vipRakeback, {
            percent: benefits.rakebackPercent,
            hour: String(hour).padStart(2, '0'),
          })}
        </li>
      ) : null}
      <li>{benefits.personalHost ? t.vipHost : t.vipNoHost}</li>
    </ul>
  );
}

function Yours({
  vip,
  programme,
  name,
  texts,
}: {
  vip: PlayerVip;
  programme: VipProgramme | undefined;
  name: (level: Pick<VipBenefits, 'levelSlug' | 'levelLabel'>) => string;
  texts: RetentionTextsApi;
}) {
  const { t, format, locale } = texts;
  const localize = useLocalizedPath();
  if (!vip.vip || !vip.benefits) {
    const first = programme?.levels[0];
    return (
      <div className="flex flex-col items-start gap-3" data-testid="vip-yours">
        <p className="text-sm text-text-muted">
          {formatMessage(t.vipNotYet, { level: first ? name(first) : t.vipBadge })}
        </p>
        <Link to={localize('/loyalty')} className={buttonClass('outline', 'sm')}>
          {t.vipSeeLadder}
        </Link>
      </div>
    );
  }
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const accrued = vip.rakebackAccrued.filter((line) => line.amount > 0);
  return (
    <div className="flex flex-col gap-3" data-testid="vip-yours">
      <p className="font-display text-xl font-bold text-text">{name(vip.benefits)}</p>
      <Benefits
        benefits={vip.benefits}
        hour={programme?.rakebackCreditHourUtc ?? 0}
        texts={texts}
      />
      {vip.benefits.rakebackPercent > 0 ? (
        <p className="text-sm text-text">
          {accrued.length > 0
            ? formatMessage(t.vipRakebackAccrued, {
                amounts: accrued.map((line) => format(line.amount, line.currency)).join(', '),
              })
            : t.vipRakebackNone}
          {' · '}
          {formatMessage(t.vipNextCredit, { date: when.format(new Date(vip.nextRakebackAt)) })}
        </p>
      ) : null}
      {vip.host ? (
        <div className="rounded-xl border border-border bg-surface-2/40 p-4 text-sm">
          <p className="font-semibold text-text">{t.vipHostTitle}</p>
          <p className="text-text">{vip.host.name}</p>
          <p>
            <a className="text-accent underline" href={`mailto:${vip.host.email}`}>
              {vip.host.email}
            </a>
          </p>
          {vip.host.phone ? (
            <p>
              <a className="text-accent underline" href={`tel:${vip.host.phone}`}>
                {vip.host.phone}
              </a>
            </p>
          ) : null}
          <p className="text-text-muted">
            {formatMessage(t.vipHostHours, { hours: vip.host.hours })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
