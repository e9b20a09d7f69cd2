import { createHmac } from 'node:crypto';
import type { W9Body, W9Status } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { SEGMENT_IDS } from '../../db/seed/reference-data.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { SegmentsRepo } from '../segments/segments.repo.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import { startOfYear, w9Rule } from './redemption.fns.ts';
import type { RedemptionRepo } from './redemption.repo.ts';

/** Digits only: "123-45-6789" and "123456789" are the same TIN. */
const tinDigits = (tin: string) => tin.replace(/\D/g, '');

/**
 * W-9 forms (the w9 modal). The TIN is kept only as an HMAC under a server key (so equal TINs
 * can be matched) and its last four digits; the raw TIN is never stored or logged.
 */
export function createW9Service(deps: {
  repo: RedemptionRepo;
  players: PlayerRowLock;
  segments: Pick<SegmentsRepo, 'addPlayer'>;
  /** The HMAC key of TINs. */
  tinKey: Buffer;
  now?: () => Date;
}) {
  const { repo, segments } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Whether a payout worth `requestBase` needs a W-9 first; `overThreshold` when the yearly
   * total is what asks for it (the caller then adds the player to the w9Required segment).
   */
  async function assess(
    tx: Database,
    player: { id: string; segmentIds: number[] },
    requestBase: number,
  ) {
    const form = await repo.findW9(tx, player.id);
    const yearBase = await repo.payoutBaseSince(tx, player.id, startOfYear(now()));
    const inRequiredSegment = player.segmentIds.includes(SEGMENT_IDS.w9Required);
    const received = form !== undefined || player.segmentIds.includes(SEGMENT_IDS.w9Received);
    return {
      form,
      received,
      inRequiredSegment,
      ...w9Rule({ received, inRequiredSegment, yearBase, requestBase }),
    };
  }

  async function status(tx: Database, playerId: string): Promise<W9Status> {
    const player = await repo.findPlayer(tx, playerId);
    if (!player) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
    const a = await assess(tx, player, 0);
    return {
      w9Required: a.inRequiredSegment || a.overThreshold,
      w9Received: a.received,
      receivedAt: a.form?.receivedAt.toISOString() ?? null,
      tinLast4: a.form?.tinLast4 ?? null,
    };
  }

  return {
    assess,

    status: (actor: Actor): Promise<W9Status> =>
      repo.db.transaction((tx) => status(tx, actor.playerId)),

    /** Stores (or replaces) the player's W-9 and adds them to the w9Received segment. */
    submit: (actor: Actor, body: W9Body): Promise<W9Status> =>
      repo.db.transaction(async (tx) => {
        if (!(await deps.players.lockRow(tx, actor.playerId))) {
          throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
        }
        const digits = tinDigits(body.tin);
        await repo.upsertW9(tx, {
          playerId: actor.playerId,
          legalName: body.legalName,
          tinHash: createHmac('sha256', deps.tinKey).update(digits).digest('hex'),
          tinLast4: digits.slice(-4),
          address: body.address,
          city: body.city,
          region: body.region,
          postalCode: body.postalCode,
          receivedAt: now(),
        });
        await segments.addPlayer(tx, actor.playerId, SEGMENT_IDS.w9Received);
        return status(tx, actor.playerId);
      }),
  };
}
export type W9Service = ReturnType<typeof createW9Service>;
