import {
  BonusCodeStatus,
  BonusCodeTrigger,
  type BonusCodeList,
  type ClaimBonusCodeBody,
  type PlayerBonusCode,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { BonusCodesRepo, BonusCodeRow } from './bonus-codes.repo.ts';
import type { BonusEligibilityCheck } from './bonus-eligibility.ts';
import { toPlayerBonusCode, type BonusEvents } from './bonus-events.ts';
import type { BonusLifecycle } from './bonus-lifecycle.service.ts';
import type { BonusRepo } from './bonus.repo.ts';

/** Spec §4: 3 incorrect (no such code), 4 not available (with the precise reason). */
const incorrect = () =>
  new AppError('CONFLICT', 'There is no such bonus code', {
    bonusCodeStatus: BonusCodeStatus.Incorrect,
  });
const notAvailable = (reason: string) =>
  new AppError('CONFLICT', reason, { bonusCodeStatus: BonusCodeStatus.NotAvailable });

/** How long after sign-up a sign-up code may still be entered (the welcome screen, or later). */
const SIGN_UP_CODE_WINDOW_MS = 24 * 60 * 60 * 1000;

const TRIGGER_NAMES: Record<number, string> = {
  [BonusCodeTrigger.Registration]: 'at sign-up',
  [BonusCodeTrigger.Purchase]: 'with a purchase',
  [BonusCodeTrigger.Instant]: 'on the bonuses page',
};

/**
 * Bonus codes (spec §7 bonuscodes): case-sensitive; capped first come, first served; once per
 * player. An instant code applies at once; a purchase code waits, pending, for the player's
 * next successful purchase (`applyPending`, called by payment settlement).
 */
export function createBonusCodesService(deps: {
  repo: BonusCodesRepo;
  bonuses: Pick<BonusRepo, 'findDefinitionById'>;
  lifecycle: Pick<BonusLifecycle, 'grant'>;
  eligibility: BonusEligibilityCheck;
  events: Pick<BonusEvents, 'codeChanged' | 'codeRemoved'>;
  asPlayer: <T>(actor: Actor, work: (tx: Database) => Promise<T>) => Promise<T>;
  /** `asPlayer` behind the purchase-bonus door (decision 046): entering a code is a claim. */
  asClaimant: <T>(actor: Actor, work: (tx: Database) => Promise<T>) => Promise<T>;
  now: () => Date;
}) {
  const { repo, lifecycle, events } = deps;

  /** The code's definition when the code may be used now by this player; else a refusal. */
  async function usable(tx: Database, playerId: string, code: BonusCodeRow, trigger: number) {
    const now = deps.now();
    if (!code.enabled) throw notAvailable('This bonus code is no longer available');
    if (code.startsAt && code.startsAt > now)
      throw notAvailable('This bonus code is not valid yet');
    if (code.expiresAt && code.expiresAt <= now) throw notAvailable('This bonus code has expired');
    if (code.trigger !== trigger) {
      throw notAvailable(
        `This bonus code is entered ${TRIGGER_NAMES[code.trigger] ?? 'elsewhere'}`,
      );
    }
    // The trigger is the client's word: a sign-up code is taken only from a new account.
    if (code.trigger === BonusCodeTrigger.Registration) {
      const facts = await repo.playerFacts(tx, playerId);
      if (!facts || now.getTime() - facts.registeredAt.getTime() > SIGN_UP_CODE_WINDOW_MS) {
        throw notAvailable('This bonus code is entered at sign-up, and the time for it has passed');
      }
    }
    const definition = await deps.bonuses.findDefinitionById(tx, code.bonusId);
    if (!definition?.enabled) throw notAvailable('This bonus code is no longer available');
    const refusal = await deps.eligibility.refusal(
      tx,
      playerId,
      code.eligibility,
      definition.eligibility,
    );
    if (refusal) throw notAvailable(refusal);
    return definition;
  }

  return {
    list: async (actor: Actor, trigger: number | undefined): Promise<BonusCodeList> => ({
      data: (await repo.listPlayerCodes(repo.db, actor.playerId, trigger)).map(toPlayerBonusCode),
    }),

    claim: (actor: Actor, body: ClaimBonusCodeBody): Promise<PlayerBonusCode> =>
      deps.asClaimant(actor, async (tx) => {
        const { playerId } = actor;
        const code = await repo.findCode(tx, body.bonusCode);
        if (!code) throw incorrect();
        const definition = await usable(tx, playerId, code, body.trigger);
        const pending = code.trigger === BonusCodeTrigger.Purchase;
        const entered = await repo.insertPlayerCode(tx, {
          playerId,
          codeId: code.id,
          trigger: code.trigger,
          state: pending ? 'pending' : 'applied',
        });
        if (!entered) throw notAvailable('You have used this bonus code already');
        // After the once-per-player check, so a repeat never takes one of the capped claims.
        if (!(await repo.countCodeClaim(tx, code.id))) {
          throw notAvailable('This bonus code has been used up');
        }
        if (!pending) {
          const granted = await lifecycle.grant(tx, {
            playerId,
            definition,
            source: `code:${code.code}`,
          });
          if (!granted) throw notAvailable('This offer has run out');
        }
        await events.codeChanged(tx, playerId, entered);
        return toPlayerBonusCode(entered);
      }),

    /** DELETE: a pending code is withdrawn and its claim given back; an applied one stays. */
    remove: (actor: Actor, id: number): Promise<void> =>
      deps.asPlayer(actor, async (tx) => {
        const removed = await repo.settlePlayerCode(tx, actor.playerId, id, 'removed');
        if (!removed) {
          const held = await repo.listPlayerCodes(tx, actor.playerId);
          if (held.some((c) => c.id === id)) {
            throw new AppError('CONFLICT', 'An applied bonus code cannot be removed');
          }
          throw AppError.notFound('Bonus code');
        }
        await repo.releaseCodeClaim(tx, removed.codeId);
        await events.codeRemoved(tx, actor.playerId, id);
      }),

    /**
     * In the transaction that completes a purchase (holding the player's lock): applies each
     * pending purchase code, its percentage lines matching what the purchase credited. A code
     * whose offer ran out or no longer fits stays pending for a later purchase.
     */
    async applyPending(
      tx: Database,
      playerId: string,
      basis: Partial<Record<string, number>>,
    ): Promise<void> {
      for (const pending of await repo.lockPendingCodes(tx, playerId)) {
        const code = await repo.findCode(tx, pending.code);
        if (!code) continue;
        const definition = await usable(tx, playerId, code, code.trigger).catch((err: unknown) => {
          if (err instanceof AppError) return null;
          throw err;
        });
        if (!definition) continue;
        const granted = await lifecycle.grant(tx, {
          playerId,
          definition,
          source: `code:${code.code}`,
          basis,
        });
        if (!granted) continue;
        const applied = await repo.settlePlayerCode(tx, playerId, pending.id, 'applied');
        if (applied) await events.codeChanged(tx, playerId, applied);
      }
    },
  };
}
export type BonusCodesService = ReturnType<typeof createBonusCodesService>;
