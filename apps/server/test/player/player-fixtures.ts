import { randomInt, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { errorBodySchema, sessionResponseSchema, type SessionResponse } from '@coinfall/shared';
import { z } from 'zod';
import { operatorHeaders, type TestApp } from '../test-app.ts';

export const DEVICE = { type: 'desktop', os: 'macOS', browser: 'Firefox' };
export const PASSWORD = 'correct horse';

/** A distinct documentation-range address per caller, so per-IP counters never collide. */
let ipCounter = 0;
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`;
}

export const uniqueEmail = (tag = 'player') => `${tag}-${randomUUID()}@example.com`;

/**
 * A valid US number no other caller in this test file gets: a confirmed number belongs to one
 * account (decision 024). One counter per file — not per fixture — since a file's fixtures
 * share its database, and two counters with random starts overlapped there (a CI failure).
 */
let phoneSerial = randomInt(0, 5_000);
export const uniquePhone = () => `+1202555${String((phoneSerial += 1) % 10_000).padStart(4, '0')}`;

export function registerBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    agreements: true,
    receiveEmailPromo: false,
    device: DEVICE,
    ...overrides,
  };
}

export async function register(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  remoteAddress?: string,
): Promise<SessionResponse & { email: string }> {
  const body = registerBody(overrides);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/player/register',
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...sessionResponseSchema.parse(res.json()), email: body.email };
}

export function login(
  t: TestApp,
  email: string,
  password: string,
  remoteAddress = '192.0.2.1',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/player/sessions',
    remoteAddress,
    payload: { email, password, device: { type: 'mobile' }, location: { lat: 40.71, lon: -74 } },
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function errorOf(res: LightMyRequestResponse) {
  return errorBodySchema.parse(res.json());
}

export function failedFields(res: LightMyRequestResponse): string[] {
  return (errorOf(res).details?.fields ?? []).map((f) => f.field);
}

const mailListSchema = z.object({
  data: z.array(
    z.object({ to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() }),
  ),
});

/** The mails the app sent, newest first, read through the dev mailbox API. */
export async function mailbox(t: TestApp) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/dev/mailbox',
    headers: operatorHeaders(),
  });
  if (res.statusCode !== 200) throw new Error(`mailbox: ${res.statusCode} ${res.body}`);
  return mailListSchema.parse(res.json()).data;
}

/** How each mailed link carries its code (see confirmations.fns), whatever the app's origin. */
export const LINK_CODE = {
  'reset-password': /\/\?modal=reset-pass&resetCode=([\w-]+)/,
  'confirm-email': /\/\?modal=success&source=confirm-email&code=([\w-]+)/,
  /** The confirmation mail's one-time login token (POST /api/player/sessions/token). */
  'login-token': /\/\?modal=success&source=confirm-email&code=[\w-]+&token=([\w-]+)/,
} as const;

/** The code of the newest mail to `to` with that kind of link. */
export async function codeFromMail(t: TestApp, to: string, kind: keyof typeof LINK_CODE) {
  const mail = (await mailbox(t)).find((m) => m.to === to && LINK_CODE[kind].test(m.text));
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  return LINK_CODE[kind].exec(mail.text)![1]!;
}
