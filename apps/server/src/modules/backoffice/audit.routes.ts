import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditListSchema,
  auditQuerySchema,
  staffAccountListSchema,
  staffAccountSchema,
  staffCreateBodySchema,
  staffSessionListQuerySchema,
} from '@coinfall/shared';
import type { AuditService } from './audit.service.ts';
import type { StaffAccountsService } from './staff-accounts.service.ts';
import { STAFF_SECURITY, staffOf } from './staff-guard.ts';

const tags = ['admin'];

/** The audit search and the staff accounts (admin). */
export function auditRoutes(
  audit: AuditService,
  accounts: StaffAccountsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit',
      {
        config: { staffAccess: 'audit.read' },
        schema: {
          tags,
          security: STAFF_SECURITY,
          summary: 'Search the audit trail (staff, action, target, time range), newest first',
          querystring: auditQuerySchema,
          response: { 200: auditListSchema },
        },
      },
      (request) => audit.search(request.query),
    );

    app.get(
      '/staff',
      {
        config: { staffAccess: 'staff.manage' },
        schema: {
          tags,
          security: STAFF_SECURITY,
          summary: 'Staff accounts, by email',
          querystring: staffSessionListQuerySchema,
          response: { 200: staffAccountListSchema },
        },
      },
      (request) => accounts.list(request.query),
    );

    app.post(
      '/staff',
      {
        config: { staffAccess: 'staff.manage' },
        schema: {
          tags,
          security: STAFF_SECURITY,
          summary: 'Create a staff account (it enrols TOTP at its first sign-in)',
          description: '409 EMAIL_TAKEN when a staff account has this email.',
          body: staffCreateBodySchema,
          response: { 201: staffAccountSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await accounts.create(staffOf(request), request.body)),
    );
  };
}
