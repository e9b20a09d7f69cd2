import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  STAFF_COOKIE,
  errorBodySchema,
  staffChallengeSchema,
  staffSignedInSchema,
  type StaffRole,
} from '@coinfall/shared';
import { totpCode } from '../../src/modules/backoffice/staff-totp.fns.ts';
import type { TestApp } from '../test-app.ts';

export const STAFF_PASSWORD = 'staff password long enough';

export interface SignedInStaff {
  id: string;
  email: string;
  role: StaffRole;
  secret: string;
  recoveryCodes: string[];
  token: string;
  /** The staff cookie, as a browser sends it to /api/admin. */
  headers: Record<string, string>;
}

export const staffCookie = (token: string) => ({ cookie: `${STAFF_COOKIE}=${token}` });
export const errorCode = (body: string) => errorBodySchema.parse(JSON.parse(body)).code;
export const errorMessage = (body: string) => errorBodySchema.parse(JSON.parse(body)).message;

let ipCounter = 0;
const nextIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

export function passwordStep(app: FastifyInstance, email: string, password = STAFF_PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/session/password',
    remoteAddress: nextIp(),
    payload: { email, password },
  });
}

export function secondStep(
  app: FastifyInstance,
  body: { challenge: string; code?: string; recoveryCode?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/session/totp',
    remoteAddress: nextIp(),
    payload: body,
  });
}

/** Creates a staff account and signs it in for the first time (TOTP enrolment). */
export async function signedInStaff(
  t: TestApp | { app: FastifyInstance },
  role: StaffRole,
  /** The app's clock (a clocked app's `clock.ms`): the TOTP code is the one due then. */
  atMs: number = Date.now(),
): Promise<SignedInStaff> {
  const email = `${role}-${randomUUID()}@staff.example.com`;
  const account = await t.app.backoffice.accounts.create(null, {
    email,
    role,
    password: STAFF_PASSWORD,
  });
  const first = await passwordStep(t.app, email);
  if (first.statusCode !== 200) throw new Error(`password step: ${first.statusCode} ${first.body}`);
  const challenge = staffChallengeSchema.parse(first.json());
  const secret = challenge.enrolment!.secret;
  const second = await secondStep(t.app, {
    challenge: challenge.challenge,
    code: totpCode(secret, atMs),
  });
  if (second.statusCode !== 200) throw new Error(`totp step: ${second.statusCode} ${second.body}`);
  const signedIn = staffSignedInSchema.parse(second.json());
  const token = second.cookies.find((c) => c.name === STAFF_COOKIE)!.value;
  return {
    id: account.id,
    email,
    role,
    secret,
    recoveryCodes: signedIn.recoveryCodes!,
    token,
    headers: staffCookie(token),
  };
}

/** Another session of an enrolled account, signed in with one of its recovery codes. */
export async function anotherSession(
  app: FastifyInstance,
  staff: SignedInStaff,
): Promise<{ token: string; headers: Record<string, string> }> {
  const first = await passwordStep(app, staff.email);
  const { challenge } = staffChallengeSchema.parse(first.json());
  const recoveryCode = staff.recoveryCodes.shift()!;
  const res = await secondStep(app, { challenge, recoveryCode });
  if (res.statusCode !== 200) throw new Error(`recovery sign-in: ${res.statusCode} ${res.body}`);
  const token = res.cookies.find((c) => c.name === STAFF_COOKIE)!.value;
  return { token, headers: staffCookie(token) };
}
