import { CHAINS_PER_PAGE, QUEST_STATE, QUESTS_PER_PAGE } from '../quest-states';
import { useState } from 'react';
import type { PlayerQuest, PlayerQuestPackage } from '@coinfall/shared/contracts/retention';
import { formatMessage } from '../../../i18n/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { usePlayerQuestPackages, usePlayerQuests } from '../api/quests.api';
import {
  useRetentionTexts,
  type BonusNames,
  type RetentionTextsApi,
} from '../hooks/use-retention-texts';
import { GuestCall } from './guest-call';
import type { QuestsContent } from './quest-card';

const AWARDED = [QUEST_STATE.Awarded];

/** /quests/achievements: the quests and chains whose reward was paid, with when and what. */
export function AchievementsPage({
  content,
  names,
}: {
  content: QuestsContent;
  names: BonusNames;
}) {
  const { isAuthenticated } = useRootData();
  const texts = useRetentionTexts(names);
  if (!isAuthenticated)
    return <GuestCall text={content.labels.loginToSee} icon="trophy" t={texts.t} />;
  return <Achievements content={content} texts={texts} />;
}

function Achievements({ content, texts }: { content: QuestsContent; texts: RetentionTextsApi }) {
  const { t } = texts;
  const [page, setPage] = useState(1);
  const quests = usePlayerQuests({ states: AWARDED, page, perPage: QUESTS_PER_PAGE });
  const chains = usePlayerQuestPackages({
    states: AWARDED,
    page: 1,
    perPage: CHAINS_PER_PAGE,
  });
  if (quests.data?.meta.totalRows === 0 && chains.data?.meta.totalRows === 0)
    return <EmptyState text={content.empty.achievements} icon="trophy" />;
  return (
    <LoadState query={quests} texts={t}>
      {(list) => (
        <>
          <ul className="flex flex-col gap-2" data-testid="achievements">
            {(chains.data?.data ?? []).map((pkg) => (
              <Achievement
                key={`chain-${pkg.id}`}
                item={pkg}
                chain={content.labels.chain}
                texts={texts}
              />
            ))}
            {list.data.map((quest) => (
              <Achievement key={quest.id} item={quest} texts={texts} />
            ))}
          </ul>
          <Pager meta={list.meta} onPage={setPage} t={t} />
        </>
      )}
    </LoadState>
  );
}

function Achievement({
  item,
  chain,
  texts,
}: {
  item: PlayerQuest | PlayerQuestPackage;
  chain?: string;
  texts: RetentionTextsApi;
}) {
  const { t, text, date, reward } = texts;
  const when = item.awardedAt ?? item.completedAt;
  return (
    <li
      data-testid="achievement"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface-2/40 px-4 py-3"
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent/15 text-accent">
        <Icon name="trophy" className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-text">
          {chain ? <span className="text-text-muted">{chain}: </span> : null}
          {text(item.name)}
        </p>
        {when ? (
          <p className="text-xs text-text-muted">
            <time dateTime={when}>{formatMessage(t.awardedOn, { date: date(when) })}</time>
          </p>
        ) : null}
      </div>
      {item.reward ? (
        <p className="text-sm font-semibold text-text">{reward(item.reward)}</p>
      ) : null}
    </li>
  );
}
