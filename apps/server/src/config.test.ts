import { ConfigError, DEMO_ANALYTICS_API_KEY, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      nodeEnv: 'development',
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('reads no IP-country header unless GEO_IP_COUNTRY_HEADER names one', () => {
    expect(loadConfig({}).geoIpCountryHeader).toBeNull();
    expect(loadConfig({ GEO_IP_COUNTRY_HEADER: 'off' }).geoIpCountryHeader).toBeNull();
    expect(loadConfig({ GEO_IP_COUNTRY_HEADER: ' CF-IPCountry ' }).geoIpCountryHeader).toBe(
      'cf-ipcountry',
    );
    expect(() => loadConfig({ GEO_IP_COUNTRY_HEADER: 'not a header' })).toThrow(
      /GEO_IP_COUNTRY_HEADER/,
    );
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses, and names a bad one', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, ::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ]);
    for (const bad of ['0', '11', 'true', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('loads the geo tables at start-up except in the test suites unless GEO_WARM_AT_START says', () => {
    expect(loadConfig({}).geoWarmAtStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).geoWarmAtStart).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', GEO_WARM_AT_START: 'on' }).geoWarmAtStart).toBe(true);
    expect(loadConfig({ GEO_WARM_AT_START: 'off' }).geoWarmAtStart).toBe(false);
  });

  it('serves the API reference outside production unless API_DOCS says otherwise', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SANDBOX: 'off' };
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://coinfall.example/' }).publicUrl).toBe(
      'https://coinfall.example',
    );
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'not a url',
        NODE_ENV: 'staging',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'NODE_ENV'])
      expect(problems).toContain(name);
  });

  it('refuses a preview token short enough to guess', () => {
    expect(() => loadConfig({ CONTENT_PREVIEW_TOKEN: 'short' })).toThrow(/CONTENT_PREVIEW_TOKEN/);
  });

  it('accepts postgres and postgresql URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@db:5432/app' }).databaseUrl).toBe(
      'postgresql://u@db:5432/app',
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/app' }).databaseUrl).toBe(
      'postgres://u@db/app',
    );
  });
  it('requires JWT_SECRET for production nodes sharing a database, and refuses a short one anywhere', () => {
    expect(() =>
      loadConfig(
        { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/app' },
        { persistedSecret: () => 'x'.repeat(43) },
      ),
    ).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET/);
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('keeps the JWT secret of a lone production node on the embedded database in DATA_DIR', () => {
    const asked: string[] = [];
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        DATA_DIR: '/srv/coinfall',
        SANDBOX: 'on',
        SANDBOX_IN_PRODUCTION: 'acknowledged',
      },
      {
        persistedSecret: (dir, name) => {
          asked.push(`${dir}/${name}`);
          return 'p'.repeat(43);
        },
      },
    );
    expect(config.jwtSecret).toBe('p'.repeat(43));
    expect(asked).toEqual([
      '/srv/coinfall/jwt-secret',
      '/srv/coinfall/sandbox-operator-token',
      '/srv/coinfall/payment-sandbox-webhook-secret',
    ]);
  });

  it('takes the sandbox payment webhook secret from the environment, and none without sandboxes', () => {
    const secret = 'w'.repeat(40);
    expect(
      loadConfig({ SANDBOX: 'on', PAYMENT_SANDBOX_WEBHOOK_SECRET: secret }).paymentSandbox,
    ).toEqual({ webhookSecret: secret });
    expect(loadConfig({ PAYMENT_SANDBOX_WEBHOOK_SECRET: secret }).paymentSandbox).toBeNull();
    expect(loadConfig({ SANDBOX: 'off' }).paymentSandbox).toBeNull();
    expect(() => loadConfig({ SLACK_WEBHOOK_URL: 'ftp://x/slack/big-debs' })).toThrow(
      /SLACK_WEBHOOK_URL/,
    );
  });

  it('generates one random JWT secret per process outside production', () => {
    const first = loadConfig({ NODE_ENV: 'test' }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBe(first);
  });

  it('bounds ACCESS_TOKEN_TTL_SECONDS and defaults it to 15 minutes', () => {
    expect(loadConfig({}).accessTokenTtlSeconds).toBe(900);
    expect(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '120' }).accessTokenTtlSeconds).toBe(120);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '5' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
  });

  it('hashes passwords at the standard cost unless a test suite or a sandbox asks for the low one', () => {
    expect(loadConfig({}).passwordHashCost).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'low' }).passwordHashCost).toBe(
      'low',
    );
    const secret = 'x'.repeat(32);
    const e2e = {
      NODE_ENV: 'production',
      SANDBOX: 'on',
      SANDBOX_IN_PRODUCTION: 'acknowledged',
      JWT_SECRET: secret,
      PASSWORD_HASH_COST: 'low',
    } as const;
    expect(loadConfig(e2e).passwordHashCost).toBe('low');
    const deployment = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/coinfall',
      JWT_SECRET: secret,
      PASSWORD_HASH_COST: 'low',
    } as const;
    expect(() => loadConfig(deployment)).toThrow(/PASSWORD_HASH_COST: low is for test suites/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'none' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('keeps mail in the dev mailbox without SMTP_URL and accepts only smtp(s) URLs', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Coinfall <no-reply@coinfall.localhost>',
    });
    const smtp = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'A <a@b.c>',
    });
    expect(smtp).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'A <a@b.c>',
    });
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'x' })).toThrow(/MAIL_FROM/);
  });
});

describe('loadConfig: the sandboxes', () => {
  const secret = 'x'.repeat(32);
  const operatorToken = 'o'.repeat(40);

  it('keeps them off unless SANDBOX=on, whatever NODE_ENV and the database', () => {
    const offs = [
      {},
      { NODE_ENV: 'test' },
      { NODE_ENV: 'development' },
      { DATABASE_URL: 'postgres://db/coinfall' },
      { NODE_ENV: 'production', JWT_SECRET: secret },
      { NODE_ENV: 'production', JWT_SECRET: secret, DATABASE_URL: 'postgres://db/coinfall' },
    ];
    for (const env of offs) {
      const config = loadConfig(env);
      expect(config, JSON.stringify(env)).toMatchObject({
        sandbox: false,
        sandboxOperator: null,
        socialSandbox: null,
        paymentSandbox: null,
      });
    }
    expect(loadConfig({ SANDBOX: 'on' }).sandbox).toBe(true);
  });

  it('refuses SANDBOX=on in production without SANDBOX_IN_PRODUCTION=acknowledged, naming both', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: secret, SANDBOX: 'on' };
    let error: unknown;
    try {
      loadConfig(production);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toMatch(
      /^SANDBOX: .*SANDBOX_IN_PRODUCTION=acknowledged/,
    );
    expect(() => loadConfig({ ...production, SANDBOX_IN_PRODUCTION: 'yes' })).toThrow(
      /SANDBOX_IN_PRODUCTION/,
    );
    const acknowledged = loadConfig({ ...production, SANDBOX_IN_PRODUCTION: 'acknowledged' });
    expect(acknowledged.sandbox).toBe(true);
    expect(acknowledged.socialSandbox).not.toBeNull();
    // The acknowledgement alone turns nothing on.
    expect(
      loadConfig({ ...production, SANDBOX: 'off', SANDBOX_IN_PRODUCTION: 'acknowledged' }),
    ).toMatchObject({ sandbox: false });
  });

  it('takes SANDBOX_OPERATOR_TOKEN when given and refuses one shorter than 32 characters', () => {
    expect(
      loadConfig({ SANDBOX: 'on', SANDBOX_OPERATOR_TOKEN: operatorToken }).sandboxOperator,
    ).toEqual({ token: operatorToken, generated: false });
    expect(() => loadConfig({ SANDBOX: 'on', SANDBOX_OPERATOR_TOKEN: 'short' })).toThrow(
      /SANDBOX_OPERATOR_TOKEN/,
    );
  });

  it('generates the operator token when absent: kept in DATA_DIR outside tests, else per process', () => {
    const kept = loadConfig(
      { NODE_ENV: 'development', SANDBOX: 'on', DATA_DIR: '/srv/coinfall' },
      { persistedSecret: (dir, name) => `${dir}/${name}:${'k'.repeat(32)}` },
    );
    expect(kept.sandboxOperator).toEqual({
      token: `/srv/coinfall/sandbox-operator-token:${'k'.repeat(32)}`,
      generated: true,
    });
    const perProcess = loadConfig({ NODE_ENV: 'test', SANDBOX: 'on' }).sandboxOperator;
    expect(perProcess?.generated).toBe(true);
    expect(perProcess?.token.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ NODE_ENV: 'test', SANDBOX: 'on' }).sandboxOperator).toEqual(perProcess);
  });

  it('requires an explicit operator token for sandboxes on PostgreSQL in production', () => {
    const shared = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      DATABASE_URL: 'postgres://db/coinfall',
      SANDBOX: 'on',
      SANDBOX_IN_PRODUCTION: 'acknowledged',
    };
    expect(() => loadConfig(shared, { persistedSecret: () => 'p'.repeat(43) })).toThrow(
      /SANDBOX_OPERATOR_TOKEN: required/,
    );
    expect(loadConfig({ ...shared, SANDBOX_OPERATOR_TOKEN: operatorToken }).sandbox).toBe(true);
  });

  it('reads the analytics project keys, gives the sandbox a demo key, and names a bad entry', () => {
    expect(loadConfig({}).analytics).toEqual({
      apiKeys: [],
      retentionDays: 90,
      epsThreshold: 30,
      dailyQuota: 500_000,
    });
    expect(loadConfig({ SANDBOX: 'on' }).analytics.apiKeys).toEqual([
      { project: 'demo', key: DEMO_ANALYTICS_API_KEY },
    ]);
    expect(
      loadConfig({ SANDBOX: 'on', ANALYTICS_API_KEYS: 'site:k1-0123456789, 0123456789abcdef' })
        .analytics.apiKeys,
    ).toEqual([
      { project: 'site', key: 'k1-0123456789' },
      { project: 'main', key: '0123456789abcdef' },
    ]);
    for (const bad of ['short', 'Site:0123456789', 'a:0123456789,b:0123456789']) {
      expect(() => loadConfig({ ANALYTICS_API_KEYS: bad }), bad).toThrow(/ANALYTICS_API_KEYS/);
    }
    expect(() => loadConfig({ ANALYTICS_RETENTION_DAYS: '0' })).toThrow(/ANALYTICS_RETENTION_DAYS/);
  });
});
