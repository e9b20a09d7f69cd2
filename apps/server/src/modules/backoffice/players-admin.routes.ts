import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentBodySchema,
  adjustmentHeadersSchema,
  adjustmentListQuerySchema,
  adjustmentListSchema,
  adjustmentSchema,
  adminPasswordResetResultSchema,
  adminPlayerListSchema,
  adminPlayerProfileSchema,
  adminPlayerRowSchema,
  adminPlayerSearchQuerySchema,
  adminPlayerStatusBodySchema,
  adminUuidParamsSchema,
  staffReasonBodySchema,
  PLAYER_STATUS_PERMISSIONS,
  type PlayerStatusAction,
} from '@coinfall/shared';
import type { AdjustmentsService } from './adjustments.service.ts';
import type { PlayersAdminService } from './players-admin.service.ts';
import { staffOf } from './staff-guard.ts';
import { staffRoute } from './staff-route.ts';

/** The status actions (decision 070): path segment, summary, what answers 409. */
const STATUS_ROUTES: [PlayerStatusAction, string, string][] = [
  [
    'block',
    'Block a player: every session ends at once (sockets closed); reason required',
    '409 when the player is blocked already or removed the account. Unblock restores the status the block replaced.',
  ],
  [
    'unblock',
    'Unblock a player: the status before the block comes back (Active or Limited); reason required',
    '409 when the player is not blocked.',
  ],
  [
    'limit',
    'Limit a player: they play but redeem and buy nothing; reason required',
    '409 when the player is Limited already or blocked (unblock first).',
  ],
  [
    'unlimit',
    'Lift a player’s limit (Limited → Active); reason required',
    '409 when the player is not Limited.',
  ],
];

/** Players: search, profile, status, forced password reset, manual adjustments (four-eyes above the amount). */
export function playersAdminRoutes(
  players: PlayersAdminService,
  adjustments: AdjustmentsService,
  options: { fourEyesAbove: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/players',
      staffRoute('players.read', {
        summary:
          'Search players (id, email prefix, phone, device visitor id, nickname prefix), newest first',
        querystring: adminPlayerSearchQuerySchema,
        response: { 200: adminPlayerListSchema },
      }),
      (request) => players.search(request.query),
    );

    app.get(
      '/players/:id',
      staffRoute('players.read', {
        summary:
          'A player’s profile: verification, limits, balances, recent ledger, rounds, invoices, bonuses, devices and the players sharing them',
        params: adminUuidParamsSchema,
        response: { 200: adminPlayerProfileSchema },
      }),
      (request) => players.profile(request.params.id),
    );

    for (const [action, summary, description] of STATUS_ROUTES) {
      app.post(
        `/players/:id/${action}`,
        staffRoute(PLAYER_STATUS_PERMISSIONS[action], {
          summary,
          description,
          params: adminUuidParamsSchema,
          body: adminPlayerStatusBodySchema,
          response: { 200: adminPlayerRowSchema },
        }),
        (request) =>
          players.changeStatus(staffOf(request), request.params.id, action, request.body.reason),
      );
    }

    app.post(
      '/players/:id/password-reset',
      staffRoute('players.status', {
        summary:
          'Force a password reset: the password stops working, every session ends, the player is mailed a link to choose a new one; reason required',
        description: '409 when the player removed the account.',
        params: adminUuidParamsSchema,
        body: adminPlayerStatusBodySchema,
        response: { 200: adminPasswordResetResultSchema },
      }),
      (request) =>
        players.forcePasswordReset(staffOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/players/:id/adjustments',
      staffRoute('players.adjust', {
        summary:
          'Adjust a player’s balance through the ledger (promotions ↔ player); reason required',
        description:
          `Up to ${options.fourEyesAbove} minor units either way it is applied at once; above, ` +
          'it waits (status pending) for another staff member’s approval. 409 INSUFFICIENT_FUNDS ' +
          'for a debit past the balance. The same Idempotency-Key again answers the first.',
        params: adminUuidParamsSchema,
        headers: adjustmentHeadersSchema,
        body: adjustmentBodySchema,
        response: { 200: adjustmentSchema },
      }),
      (request) =>
        adjustments.request(
          staffOf(request),
          request.params.id,
          request.body,
          request.headers['idempotency-key'],
        ),
    );

    app.get(
      '/adjustments',
      staffRoute('players.adjust', {
        summary: 'Manual adjustments, newest first (status=pending: the approval queue)',
        querystring: adjustmentListQuerySchema,
        response: { 200: adjustmentListSchema },
      }),
      (request) => adjustments.list(request.query),
    );

    app.post(
      '/adjustments/:id/approve',
      staffRoute('players.adjust', {
        summary: 'Approve a pending adjustment (four eyes): applies it through the ledger',
        description:
          '403 for its own requester; 409 once applied. The approver gives a reason too.',
        params: adminUuidParamsSchema,
        body: staffReasonBodySchema,
        response: { 200: adjustmentSchema },
      }),
      (request) => adjustments.approve(staffOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/adjustments/:id/reject',
      staffRoute('players.adjust', {
        summary: 'Reject a pending adjustment: nothing moves; reason required',
        description: 'Its requester may withdraw it this way too. 409 once it is not pending.',
        params: adminUuidParamsSchema,
        body: staffReasonBodySchema,
        response: { 200: adjustmentSchema },
      }),
      (request) => adjustments.reject(staffOf(request), request.params.id, request.body.reason),
    );
  };
}
