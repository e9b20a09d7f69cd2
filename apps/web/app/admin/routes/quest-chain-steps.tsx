import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminQuest, AdminQuestPackage } from '@coinfall/shared/contracts/admin-promotions';
import { ApiError } from '../../lib/api/api-error';
import { buttonClass } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { staffQueryClient } from '../api/staff-client';
import { setQuestPackageSteps, useQuestPackages, useQuests } from '../api/admin-promotions';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { FormOutcome } from '../components/edit-field';
import { moveStep, stepChanges, stepMovable } from '../promotions.fns';

export const meta = () => adminMeta('Quest chain steps');

/**
 * /admin/quests/chains/:id: a chain's steps, edited in place (decision 061). The steps players
 * have reached stay first and in place; the rest move with up/down buttons (named per quest for
 * screen readers), are removed, or are added from the single quests no player holds. Saving asks
 * for a reason first.
 */
export default function AdminQuestChainSteps({ params }: { params: { id?: string } }) {
  const id = Number(params.id);
  const chains = useQuestPackages();
  const quests = useQuests({
    page: 1,
    perPage: 100,
    enabled: undefined,
    sort: 'id',
    order: 'desc',
  });
  // Kept here, not in the editor: a save or a refusal reloads the chain, which starts the editor
  // afresh.
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  return (
    <>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Quest chain steps</h1>
        <Link to="/admin/quests" className="text-sm text-accent hover:underline">
          ← All quests
        </Link>
      </div>
      <LoadState query={chains} texts={ADMIN_LOAD_TEXTS} rows={4}>
        {(list) => {
          const chain = list.data.find((c) => c.id === id);
          if (!chain) {
            return (
              <p role="alert" className="text-sm text-danger">
                No quest chain has the id {params.id}.
              </p>
            );
          }
          return (
            <LoadState query={quests} texts={ADMIN_LOAD_TEXTS} rows={2}>
              {(all) => (
                // Keyed by the saved steps: a save or a refetch starts the editor afresh.
                <StepsEditor
                  key={`${chain.quests.map((q) => q.id).join('-')}:${chain.fixedSteps}`}
                  chain={chain}
                  problem={problem}
                  setProblem={setProblem}
                  done={done}
                  setDone={setDone}
                  free={all.data.filter((q) => q.packageId === null && q.holders === 0)}
                />
              )}
            </LoadState>
          );
        }}
      </LoadState>
    </>
  );
}

type Step = Pick<AdminQuest, 'id' | 'identity'>;

function StepsEditor({
  chain,
  free,
  problem,
  setProblem,
  done,
  setDone,
}: {
  chain: AdminQuestPackage;
  free: AdminQuest[];
  problem: string;
  setProblem: (text: string) => void;
  done: string;
  setDone: (text: string) => void;
}) {
  const saved: Step[] = chain.quests.map((q) => ({ id: q.id, identity: q.identity }));
  const [steps, setSteps] = useState<Step[]>(saved);
  const [pick, setPick] = useState('');
  const [confirming, setConfirming] = useState(false);
  const fixed = chain.fixedSteps;
  const available = free.filter((q) => !steps.some((s) => s.id === q.id));
  const changes = stepChanges(
    saved.map((s) => s.id),
    steps.map((s) => s.id),
  );
  const unchanged =
    !changes.reordered && changes.added.length === 0 && changes.removed.length === 0;
  const names = (ids: number[]) =>
    ids.map((id) => [...saved, ...steps].find((s) => s.id === id)?.identity ?? id).join(', ');

  return (
    <section aria-labelledby="chain-steps" className="flex max-w-3xl flex-col gap-3">
      <h2 id="chain-steps" className="text-lg font-semibold">
        {chain.identity}
      </h2>
      <p className="text-sm text-text-muted">
        {fixed === 0
          ? 'No player has reached any step yet: every step may move, go or be added.'
          : `Players have reached the first ${fixed} step${fixed === 1 ? '' : 's'}: ${fixed === 1 ? 'it stays' : 'they stay'} in place. Steps after ${fixed === 1 ? 'it' : 'them'} may move, go or be added; players walking the chain get added steps.`}
      </p>
      <ol aria-label="Steps, in the order players walk them" className="flex flex-col gap-1">
        {steps.map((step, i) => (
          <li key={step.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-48">
              {i + 1}. {step.identity}
            </span>
            {i < fixed ? (
              <span className="text-xs text-text-muted">Reached by players: stays in place</span>
            ) : (
              <>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  aria-label={`Move ${step.identity} up`}
                  disabled={!stepMovable(i, -1, fixed, steps.length)}
                  onClick={() => setSteps(moveStep(steps, i, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  aria-label={`Move ${step.identity} down`}
                  disabled={!stepMovable(i, 1, fixed, steps.length)}
                  onClick={() => setSteps(moveStep(steps, i, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  aria-label={`Remove ${step.identity}`}
                  disabled={steps.length === 1}
                  onClick={() => setSteps(steps.filter((s) => s.id !== step.id))}
                >
                  ✕
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          Quest to add at the end (single quests no player holds)
          <select value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">{available.length === 0 ? 'No quest free' : 'Choose a quest'}</option>
            {available.map((q) => (
              <option key={q.id} value={String(q.id)}>
                {q.identity}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          disabled={pick === '' || steps.length >= 20}
          onClick={() => {
            const quest = available.find((q) => String(q.id) === pick);
            if (quest) setSteps([...steps, { id: quest.id, identity: quest.identity }]);
            setPick('');
          }}
        >
          Add step
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          disabled={unchanged}
          onClick={() => {
            setProblem('');
            setDone('');
            setConfirming(true);
          }}
        >
          Save steps
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          disabled={unchanged}
          onClick={() => setSteps(saved)}
        >
          Undo changes
        </button>
        <FormOutcome problem={problem} saved={done} />
      </div>
      {confirming && (
        <ConfirmDialog
          dialogKey="quest-chain-steps"
          title={`Change the steps of ${chain.identity}?`}
          description={
            <>
              New order: {steps.map((s) => s.identity).join(' → ')}.
              {changes.added.length > 0 && ` Added: ${names(changes.added)}.`}
              {changes.removed.length > 0 &&
                ` Removed (they become single quests): ${names(changes.removed)}.`}
            </>
          }
          confirmLabel="Save steps"
          fields={[REASON_FIELD]}
          onClose={() => setConfirming(false)}
          onConfirm={async (values) => {
            try {
              await setQuestPackageSteps(
                chain.id,
                steps.map((s) => s.id),
                String(values.reason ?? ''),
              );
              setDone('Steps saved.');
            } catch (error) {
              // A player reached a step meanwhile: the list reloads with what is fixed now.
              if (error instanceof ApiError && error.code === 'CHAIN_STEP_REACHED') {
                setProblem(`${error.message}. The steps have been reloaded: check and save again.`);
                await staffQueryClient.invalidateQueries({ queryKey: ['staff'] });
                return;
              }
              throw error;
            }
          }}
        />
      )}
    </section>
  );
}
