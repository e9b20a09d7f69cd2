import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idempotentRequests } from '../../db/schema/index.ts';

export type IdempotentRequestRow = typeof idempotentRequests.$inferSelect;

/** Only this file touches idempotent_requests. */
export function createIdempotencyRepo(db: Database) {
  const byKey = (playerId: string, key: string) =>
    and(eq(idempotentRequests.playerId, playerId), eq(idempotentRequests.key, key));

  return {
    db,

    /** True when this call claimed the key; false when someone had (a retry or a duplicate). */
    async claim(values: {
      playerId: string;
      key: string;
      operation: string;
      requestHash: string;
    }): Promise<boolean> {
      const rows = await db
        .insert(idempotentRequests)
        .values(values)
        .onConflictDoNothing()
        .returning({ key: idempotentRequests.key });
      return rows.length === 1;
    },

    async find(playerId: string, key: string): Promise<IdempotentRequestRow | undefined> {
      const [row] = await db.select().from(idempotentRequests).where(byKey(playerId, key));
      return row;
    },

    async complete(playerId: string, key: string, statusCode: number, responseBody: string) {
      await db
        .update(idempotentRequests)
        .set({ statusCode, responseBody })
        .where(and(byKey(playerId, key), isNull(idempotentRequests.statusCode)));
    },

    /**
     * Stores a key with its answer in one statement (in `tx`, or on its own): true when stored,
     * false when the key was taken (a concurrent duplicate waits here for the first writer).
     */
    async store(
      tx: Database,
      values: {
        playerId: string;
        key: string;
        operation: string;
        requestHash: string;
        statusCode: number;
        responseBody: string;
      },
    ): Promise<boolean> {
      const rows = await tx
        .insert(idempotentRequests)
        .values(values)
        .onConflictDoNothing()
        .returning({ key: idempotentRequests.key });
      return rows.length === 1;
    },

    /**
     * Claims many keys in one statement inside the batch's transaction `tx` (decision 072):
     * answers the `player key` pairs this call claimed. A key taken by a committed request is
     * skipped; one claimed by a transaction still in flight waits on the primary key until it
     * ends, as `store` does. The claims are answered by `answerMany` before the same commit.
     */
    async claimMany(
      tx: Database,
      rows: { playerId: string; key: string; operation: string; requestHash: string }[],
    ): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      // In player id order: each row's foreign key locks its player (KEY SHARE), and every
      // locker of several players takes them in id order, so none waits on another in a cycle.
      // By key within a player: two batches claiming the same keys wait in one order.
      const ordered = [...rows].sort((a, b) =>
        a.playerId !== b.playerId
          ? a.playerId < b.playerId
            ? -1
            : 1
          : a.key < b.key
            ? -1
            : a.key > b.key
              ? 1
              : 0,
      );
      // One text whatever the batch's size, so the connection prepares it once (decision 073).
      const result: unknown = await tx.execute(sql`
        insert into ${idempotentRequests} (player_id, key, operation, request_hash)
        select r.player_id, r.key, r.operation, r.request_hash
        from unnest(${sql.param(ordered.map((r) => r.playerId))}::uuid[],
          ${sql.param(ordered.map((r) => r.key))}::text[],
          ${sql.param(ordered.map((r) => r.operation))}::text[],
          ${sql.param(ordered.map((r) => r.requestHash))}::text[])
          with ordinality as r(player_id, key, operation, request_hash, n)
        order by r.n
        on conflict do nothing
        returning player_id, key`);
      const claimed = (result as { rows: { player_id: string; key: string }[] }).rows;
      return new Set(claimed.map((r) => claimKeyOf(r.player_id, r.key)));
    },

    /** Stores the answers of keys claimed by `claimMany` in the same transaction, one statement. */
    async answerMany(
      tx: Database,
      answers: { playerId: string; key: string; statusCode: number; responseBody: string }[],
    ): Promise<void> {
      if (answers.length === 0) return;
      // `= any(array(…))` keeps the update on the primary key (decision 056's lesson: a join on
      // the JSON alone may hash a sequential scan of the whole table).
      await tx.execute(sql`
        with a as (
          select * from jsonb_to_recordset(${JSON.stringify(
            answers.map((a) => ({
              player_id: a.playerId,
              key: a.key,
              status_code: a.statusCode,
              response_body: a.responseBody,
            })),
          )}::jsonb) as a(player_id uuid, key text, status_code smallint, response_body text)
        )
        update ${idempotentRequests} r
        set status_code = a.status_code, response_body = a.response_body
        from a
        where r.player_id = any(array(select player_id from a))
          and r.key = any(array(select key from a))
          and r.player_id = a.player_id and r.key = a.key`);
    },

    /** Gives back keys `claimMany` claimed in the same transaction, unanswered, in one statement. */
    async releaseMany(tx: Database, keys: { playerId: string; key: string }[]): Promise<void> {
      if (keys.length === 0) return;
      await tx.execute(sql`
        with k as (
          select * from jsonb_to_recordset(${JSON.stringify(
            keys.map((k) => ({ player_id: k.playerId, key: k.key })),
          )}::jsonb) as k(player_id uuid, key text)
        )
        delete from ${idempotentRequests} r using k
        where r.player_id = any(array(select player_id from k))
          and r.key = any(array(select key from k))
          and r.player_id = k.player_id and r.key = k.key and r.status_code is null`);
    },

    /** Frees a key whose first attempt failed for a reason a retry may not meet (5xx). */
    async release(playerId: string, key: string) {
      await db
        .delete(idempotentRequests)
        .where(and(byKey(playerId, key), isNull(idempotentRequests.statusCode)));
    },
  };
}
/** How `claimMany` names a claimed key. */
export const claimKeyOf = (playerId: string, key: string) => `${playerId} ${key}`;

export type IdempotencyRepo = ReturnType<typeof createIdempotencyRepo>;
