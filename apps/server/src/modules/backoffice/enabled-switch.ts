import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminEnabledBodySchema,
  adminSerialParamsSchema,
  type AdminEnabledBody,
  type AuditAction,
  type StaffPermission,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { StaffActor } from './staff-auth.service.ts';
import { staffOf } from './staff-guard.ts';
import { staffRoute } from './staff-route.ts';

/** The Fastify instance a zod-typed route plugin receives. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The switch of a numbered back-office record (a bonus definition, a code, a quest, a chain):
 * `POST <path>` with `{ enabled, reason }`, guarded by the staff permission, answering the
 * record as staff see it. One route shape, so the four switches cannot drift apart.
 */
export function enabledSwitchRoute<Response extends z.ZodType>(
  app: ZodApp,
  path: `/${string}/:id/status`,
  route: {
    access: StaffPermission;
    summary: string;
    description?: string;
    response: Response;
    set: (actor: StaffActor, id: number, body: AdminEnabledBody) => Promise<z.infer<Response>>;
  },
): void {
  // Widened: Fastify cannot resolve a reply type from a generic schema; `set` is held to it above.
  const response: z.ZodType = route.response;
  app.post(
    path,
    staffRoute(route.access, {
      summary: route.summary,
      ...(route.description === undefined ? {} : { description: route.description }),
      params: adminSerialParamsSchema,
      body: adminEnabledBodySchema,
      response: { 200: response },
    }),
    (request) => route.set(staffOf(request), request.params.id, request.body),
  );
}

/**
 * Switches one record on or off inside the caller's transaction: locks it (`lock` throws the
 * record's 404), writes the flag (`write` answers the record as staff see it after), and audits
 * the change there too, with only the flag before and after, and the staff's reason.
 */
export async function switchEnabled<View extends { enabled: boolean }>(
  tx: Database,
  audit: Pick<AuditRepo, 'recordChange'>,
  actor: StaffActor,
  body: AdminEnabledBody,
  record: {
    action: AuditAction;
    target: { type: string; id: number };
    lock: () => Promise<{ enabled: boolean }>;
    write: (enabled: boolean) => Promise<View>;
  },
): Promise<View> {
  const before = await record.lock();
  const after = await record.write(body.enabled);
  await audit.recordChange(tx, actor, record.action, record.target, {
    before: { enabled: before.enabled },
    after: { enabled: after.enabled },
    reason: body.reason,
  });
  return after;
}
