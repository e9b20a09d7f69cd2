import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

describe('graceful shutdown', () => {
  let dataDir: string;
  let child: ChildProcess;
  afterEach(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a request in flight when SIGTERM arrives, then exits 0', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'coinfall-shutdown-'));
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        // The embedded database: this is about the process, not the store.
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    await waitForHealth(port, child);

    // A request whose body is still arriving when the signal comes: it must still be answered.
    const body = JSON.stringify({ half: 'x'.repeat(2000) });
    const answered = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/not-a-route',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 1000));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(1000)), 300);
      }, 200);
    });

    expect(await answered).toBe(404);
    expect(await exited).toBe(0);
    // And nothing new is accepted once it is gone.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    // A fresh process creates and migrates its embedded database first: on a loaded 2-core
    // machine that alone passed the default 30 s (waitForHealth allows 60 s of it).
  }, 90_000);
});
