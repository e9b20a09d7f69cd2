import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MAIN } from '../child-server.ts';

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs the server's entry point with `env`; answers its exit code and what it printed. */
async function start(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coinfall-startup-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, output };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('start-up with a Redis it cannot reach', () => {
  it('exits 78 with a message naming REDIS_URL, and no stack trace', async () => {
    const port = await closedPort();
    const { code, output } = await start({
      REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${port}`,
    });
    expect(code).toBe(78);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain(`REDIS_URL: cannot reach redis://:***@127.0.0.1:${port}`);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('hunter2-secret');
  });

  it('exits 78 naming REDIS_URL when it is not a redis:// URL at all', async () => {
    const { code, output } = await start({ REDIS_URL: 'http://127.0.0.1:6379' });
    expect(code).toBe(78);
    expect(output).toContain('REDIS_URL');
    expect(output).not.toMatch(/^\s+at /m);
  });
});
