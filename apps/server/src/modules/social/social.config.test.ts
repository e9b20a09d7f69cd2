import { ConfigError, loadConfig } from '../../config.ts';

describe('social-login configuration', () => {
  it('serves the sandbox provider only when SANDBOX=on', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      DATABASE_URL: 'postgres://db.example/coinfall',
    };
    expect(loadConfig({}).socialSandbox).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test' }).socialSandbox).toBeNull();
    expect(loadConfig({ SANDBOX: 'on' }).socialSandbox).not.toBeNull();
    expect(loadConfig(production).socialSandbox).toBeNull();
    expect(
      loadConfig({
        ...production,
        SANDBOX: 'on',
        SANDBOX_IN_PRODUCTION: 'acknowledged',
        SANDBOX_OPERATOR_TOKEN: 'o'.repeat(32),
      }).socialSandbox,
    ).not.toBeNull();
    expect(loadConfig({ SANDBOX: 'off' }).socialSandbox).toBeNull();
  });

  it('offers a provider once issuer, client id and secret are all set', () => {
    expect(loadConfig({}).socialProviders).toEqual([]);
    expect(
      loadConfig({
        SOCIAL_APPLE_ISSUER: 'https://appleid.apple.com',
        SOCIAL_APPLE_CLIENT_ID: 'com.coinfall.web',
        SOCIAL_APPLE_CLIENT_SECRET: 'secret',
      }).socialProviders,
    ).toEqual([
      {
        connection: 'apple',
        issuer: 'https://appleid.apple.com',
        clientId: 'com.coinfall.web',
        clientSecret: 'secret',
      },
    ]);
  });

  it('names a provider configured only in part', () => {
    expect(() => loadConfig({ SOCIAL_GOOGLE_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ SOCIAL_GOOGLE_CLIENT_ID: 'id' })).toThrow(/SOCIAL_GOOGLE_ISSUER/);
  });

  it('refuses a malformed issuer and an unknown sandbox switch', () => {
    expect(() =>
      loadConfig({
        SOCIAL_GOOGLE_ISSUER: 'accounts.google.com',
        SOCIAL_GOOGLE_CLIENT_ID: 'id',
        SOCIAL_GOOGLE_CLIENT_SECRET: 's',
      }),
    ).toThrow(/SOCIAL_GOOGLE_ISSUER/);
    expect(() => loadConfig({ SANDBOX: 'yes' })).toThrow(/SANDBOX/);
  });
});
