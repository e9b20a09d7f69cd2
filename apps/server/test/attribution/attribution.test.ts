import { signedInStaff } from '../backoffice/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer, register, registerBody } from '../player/player-fixtures.ts';

/** Issue 19: the visit's attribution is stored with the registration and read by the operator. */
let t: TestApp;
/** Marketing reads the growth reports (analytics.read, decision 048). */
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedInStaff(t, 'marketing')).headers;
});

afterAll(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);

describe('POST /api/player/register with attribution', () => {
  it('stores the tag, the tracked parameters and the funnel on the player', async () => {
    const tag = `aff_${Date.now()}`;
    const { profile } = await register(t, {
      attribution: {
        affiliateTag: tag,
        utm_source: 'newsletter',
        gclid: 'G-1',
        abGroup: 'B',
        funnelType: 'semi-closed',
      },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/analytics/players/${profile.id}/attribution`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      affiliateTag: tag,
      utm: { utm_source: 'newsletter', gclid: 'G-1' },
      abGroup: 'B',
      funnelType: 'semi-closed',
    });

    const funnel = await t.app.inject({
      method: 'GET',
      url: `/api/admin/analytics/funnel?from=${today()}&to=${today()}`,
      headers: staff,
    });
    expect(funnel.statusCode).toBe(200);
    const rows = funnel.json<{ data: { affiliateTag: string | null }[] }>().data;
    expect(rows.find((r) => r.affiliateTag === tag)).toMatchObject({
      utmSource: 'newsletter',
      registrations: 1,
      firstPurchases: 0,
      conversion: 0,
    });
  });

  it('refuses a malformed tag with 400 naming the field, and creates no account', async () => {
    const body = registerBody({ attribution: { affiliateTag: 'bad tag <x>' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/player/register', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('attribution.affiliateTag');
  });

  it('keeps the attribution reports for staff who may read analytics', async () => {
    const url = `/api/admin/analytics/funnel?from=${today()}&to=${today()}`;
    const guest = await t.app.inject({ method: 'GET', url });
    expect(guest.statusCode).toBe(401);
    const player = await register(t);
    const asPlayer = await t.app.inject({
      method: 'GET',
      url,
      headers: bearer(player.accessToken),
    });
    expect(asPlayer.statusCode).toBe(401);
    const support = (await signedInStaff(t, 'support')).headers;
    expect((await t.app.inject({ method: 'GET', url, headers: support })).statusCode).toBe(403);
    // The sandbox operator token no longer opens them: they left /api/dev.
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace('/admin/', '/dev/') })).statusCode,
    ).toBe(404);
  });
});

describe('GET /affiliate-sandbox/pixel', () => {
  it('answers a 1×1 GIF and records the hit for the operator', async () => {
    const click = `click-${Date.now()}`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/affiliate-sandbox/pixel?offer=1&goal=registration&status=approved&click=${click}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/gif');
    const hits = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/affiliate-pixel-hits',
      headers: staff,
    });
    const data = hits.json<{ data: { click: string }[] }>().data;
    expect(data.filter((h) => h.click === click)).toHaveLength(1);
  });
});
