import { useState } from 'react';
import type {
  AdminPlayerProfile,
  PlayerStatusAction,
} from '@coinfall/shared/contracts/admin-players';
import { GAME_CURRENCIES } from '@coinfall/shared/contracts/game';
import { PlayerStatus } from '@coinfall/shared/constants';
import { PLAYER_STATUS_PERMISSIONS } from '@coinfall/shared/admin-permissions';
import { buttonClass } from '../../ui/button';
import { changePlayerStatus, forcePasswordReset, requestAdjustment } from '../api/admin-players';
import { useCurrencies } from '../api/currencies';
import { FormProblem } from '../failure.fns';
import { formatAmount, parseSignedAmount } from '../format.fns';
import { useStaff } from '../use-staff';
import { ConfirmDialog, REASON_FIELD } from './confirm-dialog';

type Dialog = PlayerStatusAction | 'password-reset' | 'adjust' | null;

/** Each status action's button, dialog and outcome (decision 070). */
const STATUS_ACTIONS: Record<
  PlayerStatusAction,
  { button: string; title: string; description: string; confirm: string; done: string }
> = {
  block: {
    button: 'Block',
    title: 'Block',
    description:
      'Every session of the player ends at once and they cannot sign in until unblocked. Unblocking restores the status they have now.',
    confirm: 'Block the player',
    done: 'The player is blocked.',
  },
  unblock: {
    button: 'Unblock',
    title: 'Unblock',
    description: 'The player can sign in again, with the status they had before the block.',
    confirm: 'Unblock the player',
    done: 'The player is unblocked.',
  },
  limit: {
    button: 'Limit',
    title: 'Limit',
    description: 'The player can still sign in and play, but buys and redeems nothing.',
    confirm: 'Limit the player',
    done: 'The player is Limited.',
  },
  unlimit: {
    button: 'Lift the limit',
    title: 'Lift the limit of',
    description: 'The player is Active again: buying and redeeming reopen.',
    confirm: 'Lift the limit',
    done: 'The limit is lifted.',
  },
};

/** The status actions that apply to a status: a blocked player is unblocked first. */
function statusActionsFor(status: number): PlayerStatusAction[] {
  if (status === PlayerStatus.Blocked) return ['unblock'];
  return ['block', status === PlayerStatus.Limited ? 'unlimit' : 'limit'];
}

/**
 * What a staff member may do to this player: block or limit and back, force a password reset,
 * adjust a balance; each confirmed, with the reason the audit keeps.
 */
export function PlayerActions({ profile }: { profile: AdminPlayerProfile }) {
  const staff = useStaff();
  const currencies = useCurrencies().data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [outcome, setOutcome] = useState('');
  // One key per opened dialog: a submit retried after a lost answer never adjusts twice.
  const [adjustKey, setAdjustKey] = useState('');
  const { player } = profile;
  const mayChangeStatus = staff.may('players.status') && !player.removed;
  const close = () => setDialog(null);
  const statusDialog = dialog && dialog in STATUS_ACTIONS ? (dialog as PlayerStatusAction) : null;

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap gap-2">
        {!player.removed &&
          statusActionsFor(player.status)
            .filter((action) => staff.may(PLAYER_STATUS_PERMISSIONS[action]))
            .map((action) => (
              <button
                key={action}
                type="button"
                className={buttonClass('outline', 'sm')}
                onClick={() => setDialog(action)}
              >
                {STATUS_ACTIONS[action].button}
              </button>
            ))}
        {mayChangeStatus && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => setDialog('password-reset')}
          >
            Force password reset
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
      {statusDialog && (
        <ConfirmDialog
          dialogKey={`player-${statusDialog}`}
          title={`${STATUS_ACTIONS[statusDialog].title} ${player.email}?`}
          description={STATUS_ACTIONS[statusDialog].description}
          confirmLabel={STATUS_ACTIONS[statusDialog].confirm}
          fields={[REASON_FIELD]}
          onClose={close}
          onConfirm={async (values) => {
            await changePlayerStatus(player.id, statusDialog, String(values.reason));
            setOutcome(STATUS_ACTIONS[statusDialog].done);
          }}
        />
      )}
      {dialog === 'password-reset' && (
        <ConfirmDialog
          dialogKey="player-password-reset"
          title={`Force a password reset for ${player.email}?`}
          description="Their password stops working and every session ends at once; they are mailed a link to choose a new one."
          confirmLabel="Reset the password"
          fields={[REASON_FIELD]}
          onClose={close}
          onConfirm={async (values) => {
            const { mailSent } = await forcePasswordReset(player.id, String(values.reason));
            setOutcome(
              mailSent
                ? 'The password is reset; the player was mailed a link to choose a new one.'
                : 'The password is reset; no link was mailed (the player is blocked, or the mail failed): they use “Forgot password”.',
            );
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
