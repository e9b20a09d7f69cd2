import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUuidParamsSchema,
  staffAccountCreatedSchema,
  staffAccountListQuerySchema,
  staffAccountListSchema,
  staffAccountSchema,
  staffNewAccountBodySchema,
  staffReasonBodySchema,
  staffRoleBodySchema,
} from '@coinfall/shared';
import type { StaffAccountsService } from './staff-accounts.service.ts';
import { staffOf } from './staff-guard.ts';
import { staffRoute } from './staff-route.ts';

const access = 'staff.manage';
const OWN_ACCOUNT = '409 CONFLICT on the caller’s own account; 404 for an unknown id.';

/** The staff accounts (admin): list, create, role, disable / enable, two-factor reset. */
export function staffAccountsRoutes(accounts: StaffAccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff',
      staffRoute(access, {
        summary: 'Staff accounts, by email unless sorted otherwise; paged',
        querystring: staffAccountListQuerySchema,
        response: { 200: staffAccountListSchema },
      }),
      (request) => accounts.list(request.query),
    );

    app.post(
      '/staff',
      staffRoute(access, {
        summary: 'Create a staff account; the drawn password is in the answer, once',
        description:
          'The account enrols TOTP at its first sign-in. 409 EMAIL_TAKEN when a staff ' +
          'account has this email.',
        body: staffNewAccountBodySchema,
        response: { 201: staffAccountCreatedSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await accounts.createWithNewPassword(staffOf(request), request.body)),
    );

    app.post(
      '/staff/:id/role',
      staffRoute(access, {
        summary: 'Change a staff member’s role (reason required, audited)',
        description: `The new role applies at their next request. ${OWN_ACCOUNT}`,
        params: adminUuidParamsSchema,
        body: staffRoleBodySchema,
        response: { 200: staffAccountSchema },
      }),
      (request) => accounts.changeRole(staffOf(request), request.params.id, request.body),
    );

    app.post(
      '/staff/:id/disable',
      staffRoute(access, {
        summary: 'Disable a staff account: no sign-in, every session ends now',
        description: OWN_ACCOUNT,
        params: adminUuidParamsSchema,
        body: staffReasonBodySchema,
        response: { 200: staffAccountSchema },
      }),
      (request) => accounts.disable(staffOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/staff/:id/enable',
      staffRoute(access, {
        summary: 'Enable a disabled staff account again',
        description: OWN_ACCOUNT,
        params: adminUuidParamsSchema,
        body: staffReasonBodySchema,
        response: { 200: staffAccountSchema },
      }),
      (request) => accounts.enable(staffOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/staff/:id/reset-two-factor',
      staffRoute(access, {
        summary: 'Reset a staff member’s two-factor (a lost authenticator)',
        description:
          'The authenticator and recovery codes are removed and every session ends; the next ' +
          `sign-in enrols a new authenticator. ${OWN_ACCOUNT}`,
        params: adminUuidParamsSchema,
        body: staffReasonBodySchema,
        response: { 200: staffAccountSchema },
      }),
      (request) =>
        accounts.resetTwoFactor(staffOf(request), request.params.id, request.body.reason),
    );
  };
}
