import { useState } from 'react';
import type { PlayerBonus } from '@coinfall/shared/contracts/bonus';
import { BonusStatus } from '@coinfall/shared/bonus-constants';
import { formatMessage, useLocale } from '../../../i18n/i18n.tsx';
import { ApiError } from '../../../lib/api/api-error.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { useFormatAmount } from '../../wallet/use-format-amount.ts';
import { useBonusAction, usePlayerBonuses } from '../api/player-bonuses';
import { BONUS_TABS, isBonusRefusedHere, type BonusTab } from '../bonus.fns';
import { useBonusTexts, type BonusNames } from '../hooks/use-bonus-texts';
import { useNow } from '../hooks/use-now';
import { BonusCard } from './bonus-card';
import { Pager } from '../../../ui/pager';
import { Tabs, useHashTab } from '../../../ui/tabs';

const TAB_NAMES = Object.keys(BONUS_TABS) as [BonusTab, ...BonusTab[]];
const PER_PAGE = 10;

type Notice = { text: string; tone: 'info' | 'error' };

/** Active, Issued and History, each its own paged list; the tab lives in the hash. */
export function BonusTabs({ names }: { names: BonusNames }) {
  const { t } = useBonusTexts(names);
  const [tab, select] = useHashTab(TAB_NAMES);
  const [pages, setPages] = useState<Record<BonusTab, number>>({
    active: 1,
    issued: 1,
    history: 1,
  });

  return (
    <Tabs
      tabs={TAB_NAMES}
      selected={tab}
      onSelect={select}
      label={t.tabsLabel}
      labelOf={(name) => t[`tab_${name}`]}
    >
      <BonusList
        key={tab}
        tab={tab}
        page={pages[tab]}
        onPage={(page) => setPages((current) => ({ ...current, [tab]: page }))}
        names={names}
      />
    </Tabs>
  );
}

function BonusList({
  tab,
  page,
  onPage,
  names,
}: {
  tab: BonusTab;
  page: number;
  onPage: (page: number) => void;
  names: BonusNames;
}) {
  const { t, nameOf, spanUntil } = useBonusTexts(names);
  const bonuses = usePlayerBonuses({ statuses: BONUS_TABS[tab], page, perPage: PER_PAGE });
  const action = useBonusAction();
  const modals = useModals();
  const format = useFormatAmount();
  const now = useNow();
  const [notice, setNotice] = useState<Notice>({ text: '', tone: 'info' });
  const locale = useLocale();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  const failed = (error: unknown) =>
    setNotice({
      tone: 'error',
      text: isBonusRefusedHere(error)
        ? t.notAllowedHere
        : error instanceof ApiError && error.message
          ? formatMessage(t.actionFailed, { reason: error.message })
          : t.actionFailedPlain,
    });

  const activate = (bonus: PlayerBonus) => {
    setNotice({ text: '', tone: 'info' });
    action.mutate(
      { id: bonus.id, action: 'activate' },
      {
        onSuccess: () =>
          setNotice({ tone: 'info', text: formatMessage(t.activated, { name: nameOf(bonus) }) }),
        onError: failed,
      },
    );
  };

  // The confirmation says what is forfeited: the unused bonus, or its balance and progress.
  const askCancel = (bonus: PlayerBonus) => {
    const name = nameOf(bonus);
    const active = bonus.status === BonusStatus.Active;
    const amount = format(active ? bonus.balance : bonus.amount, bonus.currency);
    modals.openKeyed('confirm', {
      props: {
        title: t.cancelTitle,
        description: formatMessage(active ? t.cancelActiveText : t.cancelIssuedText, {
          name,
          amount,
        }),
        confirmLabel: t.cancelConfirm,
        onConfirm: () => {
          setNotice({ text: '', tone: 'info' });
          action.mutate(
            { id: bonus.id, action: 'cancel' },
            {
              onSuccess: () =>
                setNotice({ tone: 'info', text: formatMessage(t.canceled, { name }) }),
              onError: failed,
            },
          );
        },
      },
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <LoadState texts={t} query={bonuses} rows={2}>
        {(list) =>
          list.data.length === 0 ? (
            <p className="text-sm text-text-muted" data-testid="bonuses-empty">
              {t[`empty_${tab}`]}
            </p>
          ) : (
            <>
              <ul className="flex flex-col gap-3">
                {list.data.map((bonus) => (
                  <li key={bonus.id}>
                    <BonusCard
                      bonus={bonus}
                      name={nameOf(bonus)}
                      left={spanUntil(bonus.expiresAt, now)}
                      format={format}
                      date={date}
                      busy={action.isPending}
                      onActivate={() => activate(bonus)}
                      onCancel={() => askCancel(bonus)}
                      t={t}
                    />
                  </li>
                ))}
              </ul>
              <Pager meta={list.meta} onPage={onPage} t={t} />
            </>
          )
        }
      </LoadState>
      <LiveMessage text={notice.text} tone={notice.tone} />
    </div>
  );
}
