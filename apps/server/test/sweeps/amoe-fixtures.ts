import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { amoeCodeSchema } from '@coinfall/shared';
import { amoeCodes } from '../../src/db/schema/index.ts';
import { utcDay } from '../../src/modules/sweeps/amoe.fns.ts';
import { bearer } from '../player/player-fixtures.ts';
import type { TestApp } from '../test-app.ts';

/** The player generates a code (201) and gets it back. */
export async function generateCode(t: TestApp, token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/player/amoe/codes',
    headers: bearer(token),
  });
  if (res.statusCode !== 201) throw new Error(`code not generated: ${res.statusCode} ${res.body}`);
  return amoeCodeSchema.parse(res.json()).code;
}

export const today = () => utcDay(new Date());

/** An envelope for `code`, postmarked and received today, with a reference of its own. */
export const envelope = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  postmarkedOn: today(),
  receivedOn: today(),
  reference: `ENV-${randomUUID()}`,
  ...over,
});

export function recordRequest(
  t: TestApp,
  staffHeaders: Record<string, string>,
  playerId: string,
  body: object,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/players/${playerId}/amoe-requests`,
    headers: staffHeaders,
    payload: body,
  });
}

/** Moves a code's creation (and expiry with it) back by `days`, as if generated then. */
export async function backdateCode(t: TestApp, code: string, days: number, validDays = 90) {
  const createdAt = new Date(Date.now() - days * 86_400_000);
  await t.database.db
    .update(amoeCodes)
    .set({ createdAt, expiresAt: new Date(createdAt.getTime() + validDays * 86_400_000) })
    .where(eq(amoeCodes.code, code));
}
