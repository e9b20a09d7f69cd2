import type { FastifySchema } from 'fastify';
import type { StaffPermission } from '@coinfall/shared';
import { STAFF_SECURITY } from './staff-guard.ts';

/**
 * The options of a guarded back-office route: the permission the staff guard checks, and the
 * schema under the `admin` tag with the staff session's security requirement. Generic over the
 * schema, so the zod type provider still infers each handler's params, body, query and reply.
 * The sign-in steps (`staffAccess: 'public'`, no session yet) keep their own options.
 */
export function staffRoute<Schema extends FastifySchema>(
  access: StaffPermission,
  schema: Schema,
): {
  config: { staffAccess: StaffPermission };
  schema: { tags: string[]; security: typeof STAFF_SECURITY } & Schema;
} {
  return {
    config: { staffAccess: access },
    schema: { tags: ['admin'], security: STAFF_SECURITY, ...schema },
  };
}
