import { useState } from 'react';
import { ACTIVE_QUEST_STATES, CHAINS_PER_PAGE, QUESTS_PER_PAGE } from '../quest-states';
import { useRootData } from '../../../lib/root-data.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { usePlayerQuestPackages, usePlayerQuests } from '../api/quests.api';
import { useNow } from '../hooks/use-now';
import { useRetentionTexts, type BonusNames } from '../hooks/use-retention-texts';
import { ChainCard } from './chain-card';
import { GuestCall } from './guest-call';
import { QuestCard, type QuestsContent } from './quest-card';

/**
 * /quests/list: the player's active chains and single quests (spec §4: active = states 1–2).
 * Pushes keep both lists moving (retention-queries.ts); a guest is asked to sign in.
 */
export function QuestsListPage({ content, names }: { content: QuestsContent; names: BonusNames }) {
  const { isAuthenticated } = useRootData();
  const texts = useRetentionTexts(names);
  if (!isAuthenticated)
    return <GuestCall text={content.labels.loginToSee} icon="quests" t={texts.t} />;
  return <PlayerQuests content={content} names={names} />;
}

function PlayerQuests({ content, names }: { content: QuestsContent; names: BonusNames }) {
  const texts = useRetentionTexts(names);
  const { t } = texts;
  const now = useNow();
  const [chainPage, setChainPage] = useState(1);
  const chains = usePlayerQuestPackages({
    states: ACTIVE_QUEST_STATES,
    page: chainPage,
    perPage: CHAINS_PER_PAGE,
  });
  const quests = usePlayerQuests({
    states: ACTIVE_QUEST_STATES,
    page: 1,
    perPage: QUESTS_PER_PAGE,
  });
  // A chain's steps show inside their chain, not again with the single quests.
  const singles = quests.data?.data.filter((quest) => quest.playerPackageId === null) ?? [];
  if (chains.data?.meta.totalRows === 0 && quests.data && singles.length === 0)
    return <EmptyState text={content.empty.list} icon="quests" />;
  return (
    <div className="flex flex-col gap-8">
      {chains.data?.meta.totalRows === 0 ? null : (
        <section aria-labelledby="quest-chains-title">
          <h3 id="quest-chains-title" className="mb-3 font-display text-lg font-bold text-text">
            {t.chainsTitle}
          </h3>
          <LoadState query={chains} texts={t} rows={2}>
            {(list) => (
              <>
                <ul className="flex flex-col gap-4">
                  {list.data.map((pkg) => (
                    <li key={pkg.id}>
                      <ChainCard pkg={pkg} content={content} texts={texts} now={now} />
                    </li>
                  ))}
                </ul>
                <Pager meta={list.meta} onPage={setChainPage} t={t} />
              </>
            )}
          </LoadState>
        </section>
      )}
      {quests.data && singles.length === 0 ? null : (
        <section aria-labelledby="quest-singles-title">
          <h3 id="quest-singles-title" className="mb-3 font-display text-lg font-bold text-text">
            {t.singleTitle}
          </h3>
          <LoadState query={quests} texts={t}>
            {() => (
              <ul className="grid gap-4 md:grid-cols-2">
                {singles.map((quest) => (
                  <li key={quest.id}>
                    <QuestCard quest={quest} content={content} texts={texts} now={now} />
                  </li>
                ))}
              </ul>
            )}
          </LoadState>
        </section>
      )}
    </div>
  );
}
