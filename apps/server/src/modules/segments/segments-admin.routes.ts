import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSegmentBodySchema,
  adminSegmentListSchema,
  adminSegmentRetireBodySchema,
  adminSegmentSchema,
  adminSerialParamsSchema,
  adminUuidParamsSchema,
  playerSegmentListSchema,
} from '@coinfall/shared';
import { staffOf } from '../backoffice/staff-guard.ts';
import { staffRoute } from '../backoffice/staff-route.ts';
import type { SegmentsService } from './segments.service.ts';

/** Segments target bonuses and quests: edited by whoever edits promotions (marketing, admin). */
const promotions = 'promotions.manage';

/**
 * Back office (mounted behind the staff guard under /api/admin): a player's segments, and the
 * segment rule editor (decision 062).
 */
export function segmentsAdminRoutes(segments: SegmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/players/:id/segments',
      staffRoute('players.read', {
        summary: 'The segments a player is in: flag segments, and rule segments since when',
        params: adminUuidParamsSchema,
        response: { 200: playerSegmentListSchema },
      }),
      (request) => segments.playerSegments(request.params.id),
    );

    app.get(
      '/segments',
      staffRoute(promotions, {
        summary:
          'Every segment: its rule (null for a flag segment), members now, editable, re-check ' +
          'state and progress, retired',
        response: { 200: adminSegmentListSchema },
      }),
      () => segments.adminList(),
    );

    app.get(
      '/segments/:id',
      staffRoute(promotions, {
        summary: 'One segment',
        params: adminSerialParamsSchema,
        response: { 200: adminSegmentSchema },
      }),
      (request) => segments.adminSegment(request.params.id),
    );

    app.post(
      '/segments',
      staffRoute(promotions, {
        summary: 'Create a rule segment; reason required',
        description:
          'Every condition of the rule must hold. Answers at once in state `re-checking`; a ' +
          'background job evaluates every player (progress in GET). 400 names the field at ' +
          'fault (body.rule.0.days). Audited.',
        body: adminSegmentBodySchema,
        response: { 201: adminSegmentSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await segments.createRuleSegment(staffOf(request), request.body)),
    );

    app.put(
      '/segments/:id',
      staffRoute(promotions, {
        summary: 'Edit a rule segment’s name, description and rule; reason required',
        description:
          'Bumps the rules version and answers at once in state `re-checking`: a background ' +
          'job re-evaluates every player (joiners get `since` then; leavers lose the ' +
          'membership); an edit during a run starts it over. 409 SEGMENT_NOT_EDITABLE for a ' +
          'flag segment, Purchasers (whose members code writes) and a retired segment. Audited.',
        params: adminSerialParamsSchema,
        body: adminSegmentBodySchema,
        response: { 200: adminSegmentSchema },
      }),
      (request) => segments.updateRuleSegment(staffOf(request), request.params.id, request.body),
    );

    app.post(
      '/segments/:id/retire',
      staffRoute(promotions, {
        summary: 'Retire a rule segment; reason required',
        description:
          'Kept for history; its members are taken out by the background job (state ' +
          '`re-checking` until done); never edited again. 409 SEGMENT_IN_USE (details.promotions ' +
          'names them) while an enabled, unended bonus, bonus code, quest or quest chain ' +
          'targets it; 409 SEGMENT_NOT_EDITABLE for flag segments, Purchasers and a segment ' +
          'already retired. Audited.',
        params: adminSerialParamsSchema,
        body: adminSegmentRetireBodySchema,
        response: { 200: adminSegmentSchema },
      }),
      (request) => segments.retireSegment(staffOf(request), request.params.id, request.body),
    );
  };
}
