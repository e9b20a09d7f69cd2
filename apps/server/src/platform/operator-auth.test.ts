import { createSandboxOperatorAuth } from './operator-auth.ts';

const TOKEN = 'operator-token-0123456789abcdef-0123';

describe('createSandboxOperatorAuth', () => {
  it('knows the operator by the exact token only', async () => {
    const { operatorOf } = createSandboxOperatorAuth(TOKEN);
    expect(await operatorOf(TOKEN)).toEqual({ operatorId: 'sandbox' });
    for (const other of [
      TOKEN.slice(0, -1),
      `${TOKEN}x`,
      TOKEN.toUpperCase(),
      '',
      null,
      undefined,
    ]) {
      expect(await operatorOf(other), String(other)).toBeNull();
    }
  });

  it('knows no operator at all when there is no token (sandboxes off)', async () => {
    const { operatorOf } = createSandboxOperatorAuth(null);
    expect(await operatorOf(TOKEN)).toBeNull();
    expect(await operatorOf('')).toBeNull();
  });
});
