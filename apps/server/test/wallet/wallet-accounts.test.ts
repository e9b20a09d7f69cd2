import { randomUUID } from 'node:crypto';
import {
  WalletAccountStatus,
  walletAccountListSchema,
  walletAccountSchema,
  type WalletAccount,
} from '@coinfall/shared';
import { createLedgerRepo } from '../../src/modules/ledger/ledger.repo.ts';
import { createLedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { runLedgerInvariants } from '../../src/modules/ledger/ledger-invariants.repo.ts';
import { lockPlayerRow } from '../../src/modules/player/player.repo.ts';
import { createWalletRepo } from '../../src/modules/wallet/wallet.repo.ts';
import { createWalletService } from '../../src/modules/wallet/wallet.service.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf, failedFields, register } from '../player/player-fixtures.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

const list = async (token: string): Promise<WalletAccount[]> => {
  const res = await call('GET', '/api/wallet/accounts', token);
  expect(res.statusCode, res.body).toBe(200);
  return walletAccountListSchema.parse(res.json()).data;
};
const open = async (token: string, currency: string): Promise<WalletAccount> => {
  const res = await call('POST', '/api/wallet/accounts', token, { currency });
  expect(res.statusCode, res.body).toBe(200);
  return walletAccountSchema.parse(res.json());
};
const player = async () => {
  const session = await register(t);
  return { token: session.accessToken, playerId: session.profile.id };
};

describe('GET /api/wallet/accounts', () => {
  it('shows a new player one active Gold Coin account, opened at registration', async () => {
    const { token } = await player();
    expect(await list(token)).toEqual([
      {
        id: expect.any(String) as string,
        currency: 'GC',
        balance: 0,
        status: WalletAccountStatus.Active,
        hidden: false,
        equivalent: { currency: 'USD', amount: '0.00' },
      },
    ]);
  });

  it('values balances in the base currency at the rate, two decimals', async () => {
    const { token, playerId } = await player();
    const sc = await open(token, 'SC');
    const ledger = createLedgerService({ repo: createLedgerRepo(t.database.db) });
    await t.database.db.transaction((tx) =>
      ledger.post(tx, {
        idempotencyKey: randomUUID(),
        kind: 'promotion',
        playerId,
        entries: [
          { account: { accountId: sc.id }, currency: 'SC', amount: 12_345 },
          { account: { house: 'promotions' }, currency: 'SC', amount: -12_345 },
        ],
      }),
    );
    const shown = (await list(token)).find((a) => a.id === sc.id);
    expect(shown).toMatchObject({
      balance: 12_345,
      equivalent: { currency: 'USD', amount: '123.45' },
    });
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/api/wallet/accounts')).statusCode).toBe(401);
  });
});

describe('POST /api/wallet/accounts', () => {
  it('opens an inactive account in another enabled currency', async () => {
    const { token } = await player();
    const btc = await open(token, 'BTC');
    expect(btc).toMatchObject({ currency: 'BTC', balance: 0, status: 0, hidden: false });
    expect((await list(token)).map((a) => [a.currency, a.status])).toEqual([
      ['GC', 1],
      ['BTC', 0],
    ]);
  });

  it('refuses a second account in the same currency with 409', async () => {
    const { token } = await player();
    const res = await call('POST', '/api/wallet/accounts', token, { currency: 'GC' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('CONFLICT');
    expect(failedFields(res)).toEqual(['body.currency']);
  });

  it.each([
    ['a malformed code', { currency: 'sc' }],
    ['no currency', {}],
    ['a currency that is not enabled', { currency: 'EUR' }],
  ])('answers 400 naming body.currency for %s', async (_, payload) => {
    const { token } = await player();
    const res = await call('POST', '/api/wallet/accounts', token, payload);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.currency']);
  });

  it('answers 401 without a session', async () => {
    expect(
      (await call('POST', '/api/wallet/accounts', undefined, { currency: 'SC' })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/wallet/accounts/{id}/switch', () => {
  it('makes the account the only active one', async () => {
    const { token } = await player();
    const sc = await open(token, 'SC');
    const res = await call('PUT', `/api/wallet/accounts/${sc.id}/switch`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(walletAccountSchema.parse(res.json())).toMatchObject({ id: sc.id, status: 1 });
    expect((await list(token)).map((a) => [a.currency, a.status])).toEqual([
      ['GC', 0],
      ['SC', 1],
    ]);
  });

  it('keeps exactly one active account under concurrent switches', async () => {
    const { token } = await player();
    const accounts = [await open(token, 'SC'), await open(token, 'BTC'), await open(token, 'ETH')];
    const answers = await Promise.all(
      accounts.flatMap((a) =>
        [1, 2, 3].map(() => call('PUT', `/api/wallet/accounts/${a.id}/switch`, token)),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect((await list(token)).filter((a) => a.status === 1)).toHaveLength(1);
  });

  it('shows a hidden account again when it becomes active', async () => {
    const { token } = await player();
    const sc = await open(token, 'SC');
    expect((await call('PUT', `/api/wallet/accounts/${sc.id}/hide`, token)).statusCode).toBe(200);
    const res = await call('PUT', `/api/wallet/accounts/${sc.id}/switch`, token);
    expect(walletAccountSchema.parse(res.json())).toMatchObject({ status: 1, hidden: false });
  });

  it('answers 400 naming params.id for a malformed id, 404 for an unknown one', async () => {
    const { token } = await player();
    const bad = await call('PUT', '/api/wallet/accounts/not-a-uuid/switch', token);
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toEqual(['params.id']);
    expect(
      (await call('PUT', `/api/wallet/accounts/${randomUUID()}/switch`, token)).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/wallet/accounts/{id}/hide', () => {
  it('hides an inactive account', async () => {
    const { token } = await player();
    const eth = await open(token, 'ETH');
    const res = await call('PUT', `/api/wallet/accounts/${eth.id}/hide`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(walletAccountSchema.parse(res.json())).toMatchObject({ id: eth.id, hidden: true });
    expect((await list(token)).find((a) => a.id === eth.id)?.hidden).toBe(true);
  });

  it('refuses to hide the active account with 409', async () => {
    const { token } = await player();
    const [gc] = await list(token);
    const res = await call('PUT', `/api/wallet/accounts/${gc?.id}/hide`, token);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('CONFLICT');
    expect((await list(token))[0]?.hidden).toBe(false);
  });

  it('answers 400 naming params.id for a malformed id', async () => {
    const { token } = await player();
    const res = await call('PUT', '/api/wallet/accounts/123/hide', token);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['params.id']);
  });
});

describe('access matrix', () => {
  it('answers 401 to anonymous callers and 404 to another player, changing nothing', async () => {
    const a = await player();
    const b = await player();
    const aSc = await open(a.token, 'SC');
    const [aGc] = await list(a.token);
    for (const url of [
      `/api/wallet/accounts/${aSc.id}/switch`,
      `/api/wallet/accounts/${aSc.id}/hide`,
    ]) {
      expect((await call('PUT', url)).statusCode).toBe(401);
      expect((await call('PUT', url, b.token)).statusCode).toBe(404);
    }
    expect((await call('PUT', `/api/wallet/accounts/${aGc?.id}/switch`, b.token)).statusCode).toBe(
      404,
    );
    // Nothing of A's shows to B, and A's accounts are as they were.
    expect((await list(b.token)).map((x) => x.id)).not.toContain(aSc.id);
    expect((await list(a.token)).map((x) => [x.currency, x.status, x.hidden])).toEqual([
      ['GC', 1, false],
      ['SC', 0, false],
    ]);
  });
});

describe('ensureDefaultAccount', () => {
  it('adds nothing and keeps the chosen account active for a player who switched', async () => {
    const { token, playerId } = await player();
    const sc = await open(token, 'SC');
    await call('PUT', `/api/wallet/accounts/${sc.id}/switch`, token);
    const wallet = createWalletService({
      repo: createWalletRepo(t.database.db),
      players: { lockRow: lockPlayerRow },
    });
    await wallet.ensureDefaultAccount(playerId);
    await wallet.ensureDefaultAccount(playerId);
    expect((await list(token)).map((a) => [a.currency, a.status])).toEqual([
      ['GC', 0],
      ['SC', 1],
    ]);
  });

  it('L3: the ledger invariants hold after the suite', async () => {
    expect((await runLedgerInvariants(t.database.db)).filter((r) => r.violations > 0)).toEqual([]);
  });
});
