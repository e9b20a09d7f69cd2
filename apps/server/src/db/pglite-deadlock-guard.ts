import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs one statement or transaction at a time behind a mutex: a query on the client
 * itself, made from inside one of its open transactions and awaited there, waits for the
 * transaction that waits for it — forever, with the process idle and nothing logged (on
 * PostgreSQL the same code takes a second connection and merely leaves the transaction).
 * Such a call is refused at once instead, with a stack that names the caller (decision 059).
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export class PgliteNestedCallError extends Error {
  constructor(method: string) {
    super(
      `the embedded database was called (${method}) outside the transaction open in this call; ` +
        'it would wait for that transaction forever: use the transaction handle',
    );
    this.name = 'PgliteNestedCallError';
  }
}

function refuseInsideTransaction(method: string): void {
  if (openTransaction.getStore()?.open) throw new PgliteNestedCallError(method);
}

/** Makes `client` refuse root calls from inside its own open transactions (mutates it). */
export function guardPgliteNesting(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const guarded: Pick<PGlite, 'query' | 'exec' | 'transaction'> = {
    async query(...args) {
      refuseInsideTransaction('query');
      return query(...args);
    },
    async exec(...args) {
      refuseInsideTransaction('exec');
      return exec(...args);
    },
    async transaction(callback) {
      refuseInsideTransaction('transaction');
      const mark = { open: true };
      try {
        return await openTransaction.run(mark, () => transaction(callback));
      } finally {
        // Work the callback started without awaiting runs on after the commit: free to call.
        mark.open = false;
      }
    },
  };
  Object.assign(client, guarded);
}
