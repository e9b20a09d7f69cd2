/**
 * The API fuzzer (issue 13): every operation of /api/openapi.json gets generated valid and
 * hostile requests as a guest, as a player and (for the game client's API) with a game-session
 * token. Whatever is sent: never a 5xx, every 4xx has the error shape with the status of its
 * code, a 400 names the failing field, and the ledger's invariants hold afterwards.
 *
 * CI: a fixed seed and a bounded count. Locally: `FUZZ_SEED=random FUZZ_RUNS=200 npm run fuzz`.
 */
import fc from 'fast-check';
import { ERROR_STATUS, errorBodySchema } from '@coinfall/shared';
import { signedInStaff } from '../backoffice/staff-fixtures.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { bearer } from '../player/player-fixtures.ts';
import { gameSession, rgsFixtures } from '../rgs/rgs-fixtures.ts';
import { operationsOf, type Operation } from './openapi-operations.ts';
import { buildRequest, caseArb, type BuiltRequest } from './request-cases.ts';

const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Date.now() % 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const BODY_LIMIT = 64 * 1024;

/** What a response may be, whatever was sent; a string says what is wrong. */
function judge(status: number, body: string): string | null {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  if (status < 400) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `a ${status} whose body is not JSON: ${body.slice(0, 200)}`;
  }
  const error = errorBodySchema.safeParse(parsed);
  if (!error.success) return `a ${status} without the error shape: ${body.slice(0, 200)}`;
  if (ERROR_STATUS[error.data.code] !== status) {
    return `code ${error.data.code} answered with ${status}`;
  }
  if (status === 400) {
    const fields = error.data.details?.fields ?? [];
    if (fields.length === 0) return `a 400 that names no field: ${body.slice(0, 200)}`;
  }
  return null;
}

const describeRequest = (r: BuiltRequest) =>
  `${r.method} ${r.url.slice(0, 200)} ${r.headers['content-type'] ?? ''} ${(r.payload ?? '').slice(0, 200)}`;

describe('the API under generated requests', () => {
  let t: TestApp;
  let operations: Operation[];
  let fx: ReturnType<typeof rgsFixtures>;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp({
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      // Every operation registers its player from 127.0.0.1 (130 and more, in well under a minute).
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    fx = rgsFixtures(t);
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    operations = operationsOf(doc.json());
  });
  afterAll(async () => t?.close());

  /** A fresh player session (and game session) per operation: a fuzzed logout ends only its own. */
  async function identitiesFor(op: Operation): Promise<Record<string, string>[]> {
    const player = await fx.scPlayer(5_000);
    const guest = {};
    // Operator routes are fuzzed behind their guard too, as the operator.
    if (op.security === 'operator') return [guest, bearer(player.token), operatorHeaders()];
    // Back-office routes as an admin (every permission), with a session of its own: a fuzzed
    // sign-out ends only that one.
    if (op.security === 'staff') {
      return [guest, bearer(player.token), (await signedInStaff(t, 'admin')).headers];
    }
    if (op.security !== 'gameSession') return [guest, bearer(player.token)];
    const token = await fx.launch(player, 'dice');
    return [guest, bearer(player.token), gameSession(token)];
  }

  it('never answers 5xx, and every error has its shape and names its field', async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      const identities = await identitiesFor(op);
      const result = await fc.check(
        fc.asyncProperty(caseArb(identities.length), async (c) => {
          const request = buildRequest(op, c, identities[c.identity]!, BODY_LIMIT);
          ip += 1;
          const res = await t.app.inject({
            ...request,
            method: request.method as 'GET',
            // A client address of its own per request, so the per-IP limits never answer for us.
            remoteAddress: `127.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
          });
          sent += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const problem = judge(res.statusCode, res.body);
          if (problem) throw new Error(`${problem}\n    request: ${describeRequest(request)}`);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        const cause =
          result.errorInstance instanceof Error
            ? result.errorInstance.message
            : String(result.errorInstance);
        failures.push(`${op.method} ${op.path}: ${cause}`);
      }
    }
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b);
    console.log(
      `API fuzz (seed ${SEED}, ${RUNS} runs per operation): ${sent} requests, ` +
        `${operations.length} operations, 5xx: ${histogram.filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)}, ` +
        `statuses: ${histogram.map(([s, c]) => `${s}×${c}`).join(' ')}`,
    );
    expect(failures).toEqual([]);
  }, 600_000);

  // The documents upload is multipart, which the OpenAPI document does not describe.
  it('answers a malformed multipart upload with a 400 naming the body', async () => {
    const player = await fx.scPlayer(0);
    const part = (name: string, extra = '') =>
      `--XyZ\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary here'],
      [
        'multipart/form-data; boundary=XyZ',
        `${part('file', '; filename="a.png"')}Content-Type: image/png\r\n\r\n\u0089PNG`,
      ],
      ['multipart/form-data; boundary=XyZ', `${part('type')}\r\nid\r\n--XyZ`],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/player/documents',
        headers: { ...bearer(player.token), 'content-type': contentType! },
        payload,
      });
      expect(res.statusCode, `${contentType} ${payload}`).toBe(400);
      expect(errorBodySchema.parse(res.json()).details?.fields?.[0]?.field).toBe('body');
    }
  });

  it('leaves the ledger invariants holding', async () => {
    await fx.expectLedgerInvariants();
  });
});
