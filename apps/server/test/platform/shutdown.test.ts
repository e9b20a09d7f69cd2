import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer, waitForHealth } from '../child-server.ts';

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
    // The embedded database: this is about the process, not the store.
    child = spawnServer({ port, dataDir, env: { DATABASE_URL: '' } });
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
