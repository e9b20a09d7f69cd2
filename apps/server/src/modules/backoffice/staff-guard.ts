import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleMay, STAFF_COOKIE, type StaffPermission } from '@coinfall/shared';
import { bearerCredential } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { StaffActor, StaffAuthService } from './staff-auth.service.ts';

/** What a staff route needs: a permission of the role table, or nothing (the sign-in steps). */
export type StaffRouteAccess = StaffPermission | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api/admin route names it; the staff guard refuses to register one that does not. */
    staffAccess?: StaffRouteAccess;
  }
  interface FastifyRequest {
    staff: StaffActor | null;
  }
}

/** The OpenAPI security requirement of staff routes (scheme declared in http-server.ts). */
export const STAFF_SECURITY = [{ staffSession: [] }];

/** The staff route table the guard saw: method, full URL (/api/admin/…) and access, for the access-matrix test. */
export interface StaffRouteEntry {
  method: string;
  url: string;
  access: StaffRouteAccess;
}

/**
 * The one guard of /api/admin. At registration, a route without `config.staffAccess` is an
 * error (start-up fails), so no endpoint ships unguarded. Per request: the staff session (the
 * HttpOnly cookie, or `Authorization: Bearer` for API clients) must stand, and its role must hold
 * the route's permission (403 otherwise). A player's token is not a staff token (audience).
 */
export function installStaffGuard(
  app: FastifyInstance,
  auth: Pick<StaffAuthService, 'authenticate'>,
  table: StaffRouteEntry[],
): void {
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (route) => {
    const access = route.config?.staffAccess;
    if (!access) {
      throw new Error(
        `${String(route.method)} ${route.url}: a staff route must name its staffAccess`,
      );
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.staffAccess;
    if (!access || access === 'public') return;
    const token = request.cookies[STAFF_COOKIE] ?? bearerCredential(request);
    const actor = await auth.authenticate(token, request.id);
    if (!roleMay(actor.role, access)) {
      throw new AppError('FORBIDDEN', `The ${actor.role} role may not do this (${access})`);
    }
    request.staff = actor;
  });
}

/** The staff actor of a guarded route; a route without the guard that calls this is a bug. */
export function staffOf(request: FastifyRequest): StaffActor {
  if (!request.staff) throw new AppError('STAFF_UNAUTHENTICATED', 'Sign in to the back office');
  return request.staff;
}
