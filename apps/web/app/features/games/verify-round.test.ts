import { describe, expect, it } from 'vitest';
import { engineOf } from '@coinfall/shared/games/index';
import { hmacFloats } from '@coinfall/shared/games/testing/hmac-floats';
import { readVerifierForm, verifyInBrowser, type VerifierForm } from './verify-round';
import { sha256Hex } from './verifier.fns';

const form: VerifierForm = {
  serverSeed: 'f'.repeat(64),
  serverSeedHash: '',
  clientSeed: 'lucky',
  nonce: '3',
  engine: 'dice',
  bet: '100',
  params: '{}',
  actions: '[]',
};

describe('readVerifierForm', () => {
  it('names every unusable field', () => {
    const read = readVerifierForm({
      ...form,
      serverSeed: ' ',
      nonce: '-1',
      params: '{',
      actions: '{}',
    });
    expect(read).toEqual({
      ok: false,
      fields: {
        serverSeed: 'required',
        nonce: 'invalidNonce',
        params: 'invalidJson',
        actions: 'invalidJson',
      },
    });
  });
});

describe('verifyInBrowser', () => {
  it('recomputes a dice round exactly as the server path (node:crypto) does', async () => {
    const dice = engineOf('dice')!;
    const expected = dice.start(
      hmacFloats(form.serverSeed, 'lucky', 3),
      100,
      dice.paramsSchema.parse({}),
    );
    const result = await verifyInBrowser(form, {
      payout: expected.payout,
      view: JSON.parse(JSON.stringify(expected.view)) as unknown,
    } as never);
    expect(result).toMatchObject({
      kind: 'done',
      matchesStored: true,
      outcome: { payout: expected.payout },
    });
  });

  it('tells a stored round that differs, and checks the commitment', async () => {
    const hash = await sha256Hex(form.serverSeed);
    const result = await verifyInBrowser({ ...form, serverSeedHash: hash }, {
      payout: -1,
      view: {},
    } as never);
    expect(result).toMatchObject({ kind: 'done', commitment: true, matchesStored: false });
    const wrong = await verifyInBrowser({ ...form, serverSeedHash: '0'.repeat(64) });
    expect(wrong).toMatchObject({ kind: 'done', commitment: false });
  });

  it('says when the game has no engine in the verifier', async () => {
    expect(await verifyInBrowser({ ...form, engine: 'nope' })).toEqual({ kind: 'no-engine' });
  });

  it('replays a stateful round through its actions, as the server resumes it (mines)', async () => {
    const mines = engineOf('mines')!;
    const params = mines.paramsSchema.parse({ mines: 1 });
    // The server resumes each action from the stored cursor; the verifier runs one stream.
    const startFloats = hmacFloats(form.serverSeed, 'lucky', 3);
    let step = mines.start(startFloats, 100, params);
    let cursor = startFloats.used;
    const actions: unknown[] = [];
    for (const tile of [0, 1, 2, 3, 4, 5]) {
      if (step.done) break;
      const floats = hmacFloats(form.serverSeed, 'lucky', 3, cursor);
      const action = { type: 'reveal', tile };
      actions.push(action);
      step = mines.act!(floats, step.state, mines.actionSchema!.parse(action));
      cursor = floats.used;
    }
    const result = await verifyInBrowser(
      {
        ...form,
        engine: 'mines',
        params: JSON.stringify({ mines: 1 }),
        actions: JSON.stringify(actions),
      },
      { payout: step.payout, view: JSON.parse(JSON.stringify(step.view)) as unknown } as never,
    );
    expect(result).toMatchObject({ kind: 'done', matchesStored: true });
    expect(result.kind === 'done' && result.outcome.steps).toHaveLength(actions.length + 1);
  });
});
