import { useState } from 'react';
import type { AdminPlayerProfile } from '@coinfall/shared/contracts/admin-players';
import { GAME_CURRENCIES } from '@coinfall/shared/contracts/game';
import { PlayerStatus } from '@coinfall/shared/constants';
import { buttonClass } from '../../ui/button';
import { requestAdjustment, setPlayerBlocked } from '../api/admin-players';
import { useCurrencies } from '../api/currencies';
import { FormProblem } from '../failure.fns';
import { formatAmount, parseSignedAmount } from '../format.fns';
import { useStaff } from '../use-staff';
import { ConfirmDialog, REASON_FIELD } from './confirm-dialog';

type Dialog = 'block' | 'unblock' | 'adjust' | null;

/** What a staff member may do to this player: block/unblock, adjust a balance; each confirmed. */
export function PlayerActions({ profile }: { profile: AdminPlayerProfile }) {
  const staff = useStaff();
  const currencies = useCurrencies().data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [outcome, setOutcome] = useState('');
  // One key per opened dialog: a submit retried after a lost answer never adjusts twice.
  const [adjustKey, setAdjustKey] = useState('');
  const { player } = profile;
  const blocked = player.status === PlayerStatus.Blocked;
  const close = () => setDialog(null);

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap gap-2">
        {staff.may('players.status') && !player.removed && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => setDialog(blocked ? 'unblock' : 'block')}
          >
            {blocked ? 'Unblock' : 'Block'}
          </button>
        )}
        {staff.may('players.adjust') && !player.removed && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => {
              setAdjustKey(crypto.randomUUID());
              setDialog('adjust');
            }}
          >
            Adjust balance
          </button>
        )}
      </div>
      <p role="status" className="text-sm text-success empty:hidden">
        {outcome}
      </p>
      {(dialog === 'block' || dialog === 'unblock') && (
        <ConfirmDialog
          dialogKey={`player-${dialog}`}
          title={dialog === 'block' ? `Block ${player.email}?` : `Unblock ${player.email}?`}
          description={
            dialog === 'block'
              ? 'Every session of the player ends at once and they cannot sign in until unblocked.'
              : 'The player can sign in again.'
          }
          confirmLabel={dialog === 'block' ? 'Block the player' : 'Unblock the player'}
          fields={[REASON_FIELD]}
          onClose={close}
          onConfirm={async (values) => {
            await setPlayerBlocked(player.id, dialog === 'block', String(values.reason));
            setOutcome(dialog === 'block' ? 'The player is blocked.' : 'The player is unblocked.');
          }}
        />
      )}
      {dialog === 'adjust' && (
        <ConfirmDialog
          dialogKey="player-adjust"
          title={`Adjust the balance of ${player.email}`}
          description="A credit (or, with a minus, a debit) through the ledger. Above the four-eyes amount it waits for another staff member’s approval."
          confirmLabel="Adjust the balance"
          fields={[
            {
              name: 'currency',
              label: 'Coins',
              type: 'select',
              required: true,
              options: GAME_CURRENCIES.map((c) => ({ value: c, label: c })),
              placeholder: 'Choose GC or SC',
            },
            {
              name: 'amount',
              label: 'Amount (minus for a debit)',
              type: 'text',
              inputMode: 'decimal',
              autoComplete: 'off',
              required: true,
              hint: 'In coins, up to 2 decimals: 25, 12.50, -3',
            },
            REASON_FIELD,
          ]}
          onClose={close}
          onConfirm={async (values) => {
            const currency = String(values.currency) as (typeof GAME_CURRENCIES)[number];
            const scale = currencies?.find((c) => c.code === currency)?.subunitToUnit ?? 100;
            const amount = parseSignedAmount(String(values.amount), scale);
            if (amount === undefined)
              throw new FormProblem(
                'amount',
                'An amount other than zero, with at most 2 decimals (a minus for a debit).',
              );
            const adjustment = await requestAdjustment(
              player.id,
              { currency, amount, reason: String(values.reason) },
              adjustKey,
            );
            const shown = formatAmount(adjustment.amount, adjustment.currency, currencies);
            setOutcome(
              adjustment.status === 'pending'
                ? `${shown}: awaiting approval by another staff member.`
                : `${shown}: applied.`,
            );
          }}
        />
      )}
    </div>
  );
}
