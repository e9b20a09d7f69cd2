import { randomBytes } from 'node:crypto';
import {
  REDEEM_CURRENCY,
  type AmoeCode,
  type AmoeCodeList,
  type AmoeRequest,
  type AmoeTerms,
  type RecordAmoeRequestBody,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { assertNotExcluded, type Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import type { StaffActor } from '../backoffice/staff-auth.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlayerRowLock, WalletService } from '../wallet/wallet.service.ts';
import {
  amoeCodeExpiry,
  amoeCodeFrom,
  amoeCodeStatus,
  capReached,
  envelopeProblem,
  monthOf,
} from './amoe.fns.ts';
import type { AmoeCodeRow, AmoeRepo, AmoeRequestRow } from './amoe.repo.ts';
import type { SweepsCreditsRepo } from './sweeps-credits.repo.ts';

/** Codes shown to the player: the newest, used and expired ones included. */
const CODES_SHOWN = 20;

const toAmoeRequest = (row: AmoeRequestRow, code: string): AmoeRequest => ({
  id: row.id,
  playerId: row.playerId,
  code,
  currency: REDEEM_CURRENCY,
  amount: row.amount,
  postmarkedOn: row.postmarkedOn,
  receivedOn: row.receivedOn,
  reference: row.reference,
  recordedBy: row.recordedBy,
  recordedAt: row.recordedAt.toISOString(),
  ledgerTransactionId: row.ledgerTransactionId,
});

/**
 * Free entry by mail (AMOE, decision 035). The player generates a single-use request code and
 * writes it on a postal request; staff record the envelope, which credits `terms.amount` Sweeps
 * Coins from the promotions account exactly once per code. Everything happens under the
 * player's row lock (the one lock order, decision 010), so caps and the code's use cannot race.
 */
export function createAmoeService(deps: {
  repo: AmoeRepo;
  players: PlayerRowLock;
  ledger: Pick<LedgerService, 'post'>;
  wallet: Pick<WalletService, 'accountIn'>;
  credits: Pick<SweepsCreditsRepo, 'record'>;
  audit: Pick<AuditRepo, 'insert'>;
  /** 403 SWEEPS_NOT_ALLOWED where the player's state refuses Sweeps Coins play. */
  assertSweepsPlay: (tx: Database, playerId: string) => Promise<void>;
  terms: AmoeTerms;
  now?: () => Date;
  random?: (n: number) => Uint8Array;
}) {
  const { repo, terms } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? ((n: number) => randomBytes(n));

  const toCode = (row: AmoeCodeRow, at: Date): AmoeCode => ({
    code: row.code,
    status: amoeCodeStatus(row, at),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
  });

  async function lockPlayer(tx: Database, playerId: string): Promise<void> {
    if (!(await deps.players.lockRow(tx, playerId))) throw AppError.notFound('Player');
  }

  return {
    terms,

    /** GET /api/player/amoe/codes. */
    list: (actor: Actor): Promise<AmoeCodeList> =>
      repo.db.transaction(async (tx) => {
        const at = now();
        const rows = await repo.listCodes(tx, actor.playerId, CODES_SHOWN);
        return { data: rows.map((r) => toCode(r, at)), terms };
      }),

    /** POST /api/player/amoe/codes: a new code, within the bound of unused ones. */
    generate: (actor: Actor): Promise<AmoeCode> =>
      repo.db.transaction(async (tx) => {
        const { playerId } = actor;
        await lockPlayer(tx, playerId);
        await deps.assertSweepsPlay(tx, playerId);
        const at = now();
        const unused = await repo.countUnused(tx, playerId, at);
        if (unused >= terms.maxUnusedCodes) {
          throw new AppError(
            'LIMIT_EXCEEDED',
            `You already hold ${unused} unused request codes: mail one or wait until one expires`,
            { maxUnusedCodes: terms.maxUnusedCodes },
          );
        }
        const expiresAt = amoeCodeExpiry(at, terms.codeValidDays);
        // 50 random bits: a clash is practically impossible, but never a 500 if it happens.
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const row = await repo.insertCode(tx, {
            playerId,
            code: amoeCodeFrom(random(10)),
            createdAt: at,
            expiresAt,
          });
          if (row) return toCode(row, at);
        }
        throw new Error('three random AMOE codes clashed');
      }),

    /**
     * POST /api/admin/players/{id}/amoe-requests: staff record one received envelope. Refused:
     * a code not of this player (400 body.code), used (409), postmarked after it expired (409),
     * an envelope recorded already (409), a cap reached (409 LIMIT_EXCEEDED), an excluded player
     * (403 PLAYER_EXCLUDED), a state without Sweeps Coins play (403 SWEEPS_NOT_ALLOWED).
     */
    record: (
      actor: StaffActor,
      playerId: string,
      body: RecordAmoeRequestBody,
    ): Promise<AmoeRequest> =>
      repo.db.transaction(async (tx) => {
        await lockPlayer(tx, playerId);
        const code = await repo.lockCode(tx, body.code);
        // Another player's code reads as no code: the envelope names the person it credits.
        if (!code || code.playerId !== playerId) {
          throw AppError.invalid('body.code', 'No such request code for this player');
        }
        if (code.usedAt) {
          throw new AppError('CONFLICT', 'This request code was recorded already', {
            usedAt: code.usedAt.toISOString(),
          });
        }
        const at = now();
        const problem = envelopeProblem(body, code, at);
        if (problem && 'expired' in problem) {
          throw new AppError('CONFLICT', 'The code had expired when the request was postmarked', {
            expiresAt: code.expiresAt.toISOString(),
          });
        }
        if (problem) throw AppError.invalid(`body.${problem.field}`, problem.message);
        assertNotExcluded(await repo.excludedUntil(tx, playerId), at.getTime());
        await deps.assertSweepsPlay(tx, playerId);
        if (await repo.findByReference(tx, body.reference)) {
          throw new AppError('CONFLICT', 'This envelope was recorded already (one request each)');
        }
        const month = monthOf(body.postmarkedOn);
        const cap = capReached(
          {
            sameDay: await repo.countPostmarked(tx, playerId, body.postmarkedOn, body.postmarkedOn),
            sameMonth: await repo.countPostmarked(tx, playerId, month.first, month.last),
          },
          terms,
        );
        if (cap) {
          throw new AppError(
            'LIMIT_EXCEEDED',
            cap === 'day'
              ? `The player has ${terms.maxPerDay} request(s) postmarked that day already`
              : `The player has ${terms.maxPerMonth} request(s) postmarked that month already`,
            { cap, maxPerDay: terms.maxPerDay, maxPerMonth: terms.maxPerMonth },
          );
        }
        const accountId = await deps.wallet.accountIn(tx, playerId, REDEEM_CURRENCY);
        // The key names the code: the ledger itself refuses a second credit for it.
        const { transaction } = await deps.ledger.post(tx, {
          idempotencyKey: `amoe:${code.id}`,
          kind: 'amoe.credit',
          playerId,
          entries: [
            { account: { accountId }, currency: REDEEM_CURRENCY, amount: terms.amount },
            { account: { house: 'promotions' }, currency: REDEEM_CURRENCY, amount: -terms.amount },
          ],
          metadata: { amoeCode: code.code, reference: body.reference },
        });
        await deps.credits.record(tx, {
          playerId,
          source: 'amoe',
          amount: terms.amount,
          ledgerTransactionId: transaction.transactionId,
        });
        const row = (await repo.markUsed(tx, code.id, at))
          ? await repo.insertRequest(tx, {
              codeId: code.id,
              playerId,
              amount: terms.amount,
              currency: REDEEM_CURRENCY,
              postmarkedOn: body.postmarkedOn,
              receivedOn: body.receivedOn,
              reference: body.reference,
              recordedBy: actor.staffId,
              recordedAt: at,
              ledgerTransactionId: transaction.transactionId,
            })
          : undefined;
        if (!row) throw new AppError('CONFLICT', 'This request was recorded meanwhile');
        const request = toAmoeRequest(row, code.code);
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'amoe.recorded',
          targetType: 'player',
          targetId: playerId,
          after: request,
          requestId: actor.requestId,
        });
        return request;
      }),

    /** GET /api/admin/players/{id}/amoe-requests. */
    requestsOf: async (playerId: string): Promise<{ data: AmoeRequest[] }> => {
      const rows = await repo.db.transaction((tx) => repo.listRequests(tx, playerId));
      return { data: rows.map((r) => toAmoeRequest(r, r.code)) };
    },
  };
}
export type AmoeService = ReturnType<typeof createAmoeService>;
