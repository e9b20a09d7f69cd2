import { ConfigError, loadConfig } from './config.ts';

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
});
