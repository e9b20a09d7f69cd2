import { useState } from 'react';
import type {
  AdminProtection,
  AdminProtectionItem,
} from '@coinfall/shared/contracts/admin-protection';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { recordProtectionLift } from '../api/admin-protection';
import { formatInstant } from '../format.fns';
import { mayRecordLift, protectionEnd, protectionLength, standingText } from '../protection.fns';
import { useStaff } from '../use-staff';
import { ConfirmDialog, REASON_FIELD } from './confirm-dialog';
import { Facts } from './facts';
import { DataTable } from './paged-table';

/**
 * The player's breaks and self-exclusions (decision 030): what stands now in plain words, the
 * whole record, and — for compliance, on an indefinite exclusion 6 months old — recording the
 * player's written request to lift it. Nothing here shortens a break or a fixed exclusion.
 */
export function ProtectionPanel({
  playerId,
  protection,
}: {
  playerId: string;
  protection: AdminProtection;
}) {
  const staff = useStaff();
  const [lifting, setLifting] = useState<AdminProtectionItem | null>(null);
  const [outcome, setOutcome] = useState('');
  // The time the panel opened: the action shows from the earliest time the rule allows it (the
  // server checks again when it is used).
  const [nowMs] = useState(() => Date.now());
  const permitted = staff.may('protection.lift');

  return (
    <div className="flex flex-col gap-6">
      <p data-testid="protection-standing" className="text-sm font-semibold">
        {standingText(protection)}
      </p>
      <Facts
        rows={[
          [
            'Reality checks',
            protection.realityCheckMinutes === null
              ? 'Off'
              : `Every ${protection.realityCheckMinutes} minutes of play`,
          ],
          [
            'Promotional email',
            protection.promoEmailConsent
              ? 'Consented'
              : 'Not consented (a break or self-exclusion withdraws it)',
          ],
        ]}
      />
      <p role="status" className="text-sm text-success empty:hidden">
        {outcome}
      </p>
      {protection.history.length === 0 ? (
        <EmptyState text="The player never took a break or self-excluded." />
      ) : (
        <DataTable
          caption="Breaks and self-exclusions, newest first"
          rows={protection.history}
          rowKey={(p) => p.protectionId}
          columns={[
            { header: 'Kind and length', cell: (p) => protectionLength(p) },
            { header: 'Started', cell: (p) => formatInstant(p.startsAt) },
            { header: 'Ends', cell: (p) => protectionEnd(p) },
            {
              header: 'Lift',
              cell: (p) =>
                mayRecordLift(p, nowMs, permitted) ? (
                  <button
                    type="button"
                    className={buttonClass('outline', 'sm')}
                    onClick={() => setLifting(p)}
                  >
                    Record the player’s request to lift
                  </button>
                ) : p.earliestLiftAt ? (
                  `Possible from ${formatInstant(p.earliestLiftAt)}`
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
      {lifting && (
        <ConfirmDialog
          dialogKey="protection-lift"
          title="Record the player’s request to lift the self-exclusion?"
          description="Only at the player’s written request. The exclusion ends 7 days from now; until then every door stays shut. This cannot be undone."
          confirmLabel="Record the request"
          fields={[REASON_FIELD]}
          onClose={() => setLifting(null)}
          onConfirm={async (values) => {
            const standing = await recordProtectionLift(
              playerId,
              lifting.protectionId,
              String(values.reason),
            );
            setOutcome(
              standing.excludedUntil
                ? `Lift recorded: the player may return from ${formatInstant(standing.excludedUntil)}.`
                : 'Lift recorded.',
            );
          }}
        />
      )}
    </div>
  );
}
