import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readOrCreateSecret } from './persisted-secret.ts';

describe('readOrCreateSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'coinfall-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a long random secret once, readable only by its owner, and returns it on every call', () => {
    const first = readOrCreateSecret(dir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(readOrCreateSecret(dir, 'jwt-secret')).toBe(first);
    expect(statSync(path.join(dir, 'secrets', 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecret(dir, 'other')).not.toBe(first);
  });
});
