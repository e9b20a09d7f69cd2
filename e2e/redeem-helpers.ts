import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, operatorHeaders, readMail, siteLinkIn } from './fixtures';

/**
 * A player who may redeem, through the API and the sandboxes: a complete profile, email and
 * phone confirmed (dev mailbox), KYC passed, Sweeps Coins credited played through. Shared by the
 * redemption specs (the player's side and the back office's).
 */

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Completes the profile through the API; answers the phone number it gave. */
export async function completeProfile(request: APIRequestContext, token: string): Promise<string> {
  // A number of its own (a confirmed number belongs to one account): 8 million to draw from.
  const phone = `+1415${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  const profile = await request.put('/api/player/profile', {
    headers: auth(token),
    data: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone,
      address: '1 Main St',
      city: 'Austin',
      region: 'TX',
      country: 'US',
      postalCode: '73301',
      birthdate: '1990-01-01',
      agreedTc: true,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return phone;
}

/** Confirms email (the dev mailbox link) and phone (the OTP in the dev mailbox); passes KYC. */
export async function verifySteps(
  request: APIRequestContext,
  email: string,
  token: string,
  phone: string,
) {
  const mail = await readMail(request, email, (m) => m.text.includes('source=confirm-email'));
  const code = new URL(siteLinkIn(mail.text, 'source=confirm-email'), 'http://x').searchParams.get(
    'code',
  );
  const confirmed = await request.post('/api/player/profile/confirmations/email/confirm', {
    data: { code },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  const sent = await request.post('/api/player/otp/send', {
    headers: auth(token),
    data: { reason: 'phoneVerification', phone },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const sms = await readMail(request, phone, (m) => /\b\d{6}\b/.test(m.text));
  const otp = /\b(\d{6})\b/.exec(sms.text)?.[1];
  const verified = await request.post('/api/player/otp/verify', {
    headers: auth(token),
    data: { reason: 'phoneVerification', code: otp },
  });
  expect(verified.ok(), await verified.text()).toBe(true);

  const kyc = await request.post('/api/player/integrations/tsevo/player', {
    headers: auth(token),
    data: {},
  });
  expect(kyc.ok(), await kyc.text()).toBe(true);
  const validated = await request.post('/api/player/integrations/tsevo/player/validate', {
    headers: auth(token),
  });
  expect(((await validated.json()) as { status: string }).status).toBe('verified');
}

/** Completes the profile, confirms email and phone (dev mailbox) and passes the KYC sandbox. */
export async function verifyFully(request: APIRequestContext, email: string, token: string) {
  await verifySteps(request, email, token, await completeProfile(request, token));
}

/** The sandbox operator credit: `sc` whole SC, played through, so redeemable at once. */
export async function creditRedeemable(request: APIRequestContext, token: string, sc: number) {
  const me = await request.get('/api/player/profile', { headers: auth(token) });
  const { id } = (await me.json()) as { id: string };
  const credited = await request.post(`/api/dev/players/${id}/sweeps-credit`, {
    headers: operatorHeaders(),
    data: { amount: sc * 100, playedThrough: true, requestKey: `e2e-${crypto.randomUUID()}` },
  });
  expect(credited.ok(), await credited.text()).toBe(true);
  // The header shows the active account: make it the SC one.
  const accounts = await request.get('/api/wallet/accounts', { headers: auth(token) });
  const { data } = (await accounts.json()) as { data: { id: string; currency: string }[] };
  const scAccount = data.find((a) => a.currency === 'SC');
  const switched = await request.put(`/api/wallet/accounts/${scAccount?.id ?? ''}/switch`, {
    headers: auth(token),
  });
  expect(switched.ok(), await switched.text()).toBe(true);
}

/** A redemption through the API (the second one of a test, not what it is about). */
export async function redeemByApi(request: APIRequestContext, token: string, amount: number) {
  const res = await request.post('/api/payment/invoices/virtual-payout', {
    headers: { ...auth(token), 'idempotency-key': `e2e-${crypto.randomUUID()}` },
    data: { amount, currency: 'SC', paymentMethodId: 'bank' },
  });
  return res;
}
