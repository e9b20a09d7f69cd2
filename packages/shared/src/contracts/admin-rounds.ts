import { z } from 'zod';
import { BetStatus } from '../constants.ts';
import { staffReasonSchema } from './admin.ts';
import { GAME_CURRENCIES } from './game.ts';
import { dbInstantSchema } from './core.ts';
import { pagedListSchema, pageQuerySchema, sortOrderSchema } from './player.ts';
import { roundReplaySchema } from './rgs.ts';

/** The back office's game rounds (issue 17, decision 037): search, replay, rollback, big wins. */

const BET_STATUSES = Object.values(BetStatus) as number[];
const instant = dbInstantSchema;
export const ADMIN_ROUND_SORTS = ['createdAt', 'settledAt', 'bet', 'payout'] as const;

export const adminRoundSearchQuerySchema = pageQuerySchema
  .extend({
    playerId: z.uuid().optional(),
    game: z.string().trim().min(1).max(100).optional().describe('The game identity, exact'),
    currency: z.enum(GAME_CURRENCIES).optional(),
    status: z.coerce
      .number()
      .int()
      .refine((n) => BET_STATUSES.includes(n), 'Unknown BetStatus')
      .optional()
      .describe('BetStatus: 1 open, 2 won, 3 lost, 4 refunded, 5 even'),
    from: instant.optional().describe('Started at or after'),
    to: instant.optional().describe('Started before'),
    sort: z.enum(ADMIN_ROUND_SORTS).default('createdAt'),
    order: sortOrderSchema,
  })
  .superRefine((q, ctx) => {
    // A date that failed its own check is named there already.
    const [from, to] = [Date.parse(q.from ?? ''), Date.parse(q.to ?? '')];
    if (!Number.isNaN(from) && !Number.isNaN(to) && from >= to) {
      ctx.addIssue({ code: 'custom', message: 'Must be after from', path: ['to'] });
    }
  });
export type AdminRoundSearchQuery = z.infer<typeof adminRoundSearchQuerySchema>;

export const adminRoundRowSchema = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  playerEmail: z.string(),
  game: z.string(),
  gameName: z.string(),
  currency: z.string(),
  bet: z.number().int(),
  payout: z.number().int(),
  bonusBet: z.number().int().describe('The part of the stake paid from the bonus balance'),
  freeSpin: z.boolean().describe('A free spin: the stake was the house’s'),
  status: z.number().int(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type AdminRoundRow = z.infer<typeof adminRoundRowSchema>;
export const adminRoundListSchema = pagedListSchema(adminRoundRowSchema);

export const adminRoundDetailSchema = z.object({
  summary: adminRoundRowSchema,
  replay: roundReplaySchema,
  postings: z.array(
    z.object({
      transactionId: z.uuid(),
      kind: z.string(),
      at: z.iso.datetime(),
      metadata: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type AdminRoundDetail = z.infer<typeof adminRoundDetailSchema>;

export const adminRoundRollbackBodySchema = z.object({ reason: staffReasonSchema });

export const adminBigWinQuerySchema = pageQuerySchema.extend({
  playerId: z.uuid().optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export const adminBigWinSchema = z.object({
  roundId: z.string().describe('A round id (the sandbox’s dev rounds are `dev-…`)'),
  playerId: z.uuid(),
  playerEmail: z.string().nullable(),
  game: z.string(),
  currency: z.string(),
  bet: z.number().int(),
  payout: z.number().int(),
  delivery: z
    .enum(['pending', 'sent', 'failed', 'not_configured'])
    .describe('The Slack post: not_configured without SLACK_WEBHOOK_URL'),
  createdAt: z.iso.datetime(),
});
export type AdminBigWin = z.infer<typeof adminBigWinSchema>;
export const adminBigWinListSchema = pagedListSchema(adminBigWinSchema);
