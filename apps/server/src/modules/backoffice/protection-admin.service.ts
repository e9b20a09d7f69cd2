import {
  indefiniteLiftFrom,
  type AdminProtection,
  type AdminProtectionItem,
  type ProtectionItem,
  type ProtectionStanding,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { StaffActor } from './staff-auth.service.ts';

/**
 * The protection module's capabilities the back office uses, handed over by the root (its
 * service and the reality-check interval): read the record, and the existing lift rule.
 */
export interface StaffProtectionCapabilities {
  standing(playerId: string): Promise<ProtectionStanding>;
  realityCheckMinutes(playerId: string): Promise<number | null>;
  askLift(
    playerId: string,
    protectionId: string,
    within: (
      tx: Database,
      change: { before: ProtectionItem; after: ProtectionItem },
    ) => Promise<void>,
  ): Promise<ProtectionStanding>;
}

/** From when staff may record the lift: only an indefinite exclusion not yet asked to lift. */
const toAdminItem = (item: ProtectionItem): AdminProtectionItem => ({
  ...item,
  earliestLiftAt:
    item.kind === 'exclusion' && item.endsAt === null && item.liftRequestedAt === null
      ? indefiniteLiftFrom(new Date(item.startsAt)).toISOString()
      : null,
});

/**
 * A player's protection record for staff (decision 030): read only, but for the player's
 * request to lift an indefinite exclusion, which runs the protection module's own rule (6 months,
 * then 7 days' cooling) with the audit row in its transaction. Nothing here shortens a break or
 * a fixed exclusion: the rule refuses them (409), as it does for the operator.
 */
export function createProtectionAdminService(deps: {
  protection: StaffProtectionCapabilities;
  audit: Pick<AuditRepo, 'insert'>;
}) {
  const { protection } = deps;

  async function view(playerId: string, promoEmailConsent: boolean): Promise<AdminProtection> {
    // One after the other: the embedded database has a single connection.
    const standing = await protection.standing(playerId);
    const realityCheckMinutes = await protection.realityCheckMinutes(playerId);
    return {
      inForce: standing.active ? toAdminItem(standing.active) : null,
      excludedUntil: standing.excludedUntil,
      history: standing.history.map(toAdminItem),
      realityCheckMinutes,
      // Derived from the standing, not stored: it ends with the break, with nothing to reset.
      doNotMarket: standing.active !== null,
      promoEmailConsent,
    };
  }

  return {
    view,

    async recordLift(
      actor: StaffActor,
      playerId: string,
      protectionId: string,
      reason: string,
    ): Promise<ProtectionStanding> {
      return protection.askLift(playerId, protectionId, (tx, { before, after }) =>
        deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'protection.lift-recorded',
          targetType: 'player',
          targetId: playerId,
          before: {
            protectionId,
            liftRequestedAt: before.liftRequestedAt,
            liftsAt: before.liftsAt,
          },
          after: { protectionId, liftRequestedAt: after.liftRequestedAt, liftsAt: after.liftsAt },
          reason,
          requestId: actor.requestId,
          ...(after.liftRequestedAt ? { at: new Date(after.liftRequestedAt) } : {}),
        }),
      );
    },
  };
}
export type ProtectionAdminService = ReturnType<typeof createProtectionAdminService>;
