import { readFile } from 'node:fs/promises';
import { inArray, sql } from 'drizzle-orm';
import { PlayerStatus } from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { register } from '../player/player-fixtures.ts';
import { signedInStaff } from '../backoffice/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

// Migration 0046: players blocked before 0045 get the status their block replaced, from the
// staff audit, so an unblock puts a Limited player back to Limited (not Active).
const MIGRATION = new URL(
  '../../src/db/migrations/0046_status_before_block_backfill.sql',
  import.meta.url,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('migration 0046: status before a block, from the audit', () => {
  it('takes the latest block’s status, leaves others alone, and runs twice the same', async () => {
    const staff = await signedInStaff(t, 'admin');
    const limitedThenBlocked = (await register(t)).profile.id;
    const noAudit = (await register(t)).profile.id;
    const alreadySet = (await register(t)).profile.id;
    const active = (await register(t)).profile.id;
    const audit = (playerId: string, status: number, minutesAgo: number) =>
      t.database.db.execute(sql`
        insert into staff_audit (staff_id, action, target_type, target_id, before, after, at)
        values (${staff.id}, 'player.blocked', 'player', ${playerId},
                ${JSON.stringify({ status })}::jsonb, ${JSON.stringify({ status: 3 })}::jsonb,
                now() - make_interval(mins => ${minutesAgo}))`);
    // Blocked when Active long ago, unblocked, made Limited, blocked again.
    await audit(limitedThenBlocked, PlayerStatus.Active, 60);
    await audit(limitedThenBlocked, PlayerStatus.Limited, 10);
    await audit(alreadySet, PlayerStatus.Active, 10);
    await audit(active, PlayerStatus.Limited, 10);
    await t.database.db.execute(sql`
      update players set status = 3, status_before_block = null
      where id in (${limitedThenBlocked}, ${noAudit})`);
    await t.database.db.execute(sql`
      update players set status = 3, status_before_block = 2 where id = ${alreadySet}`);

    const statement = await readFile(MIGRATION, 'utf8');
    await t.database.db.execute(sql.raw(statement));
    await t.database.db.execute(sql.raw(statement));

    const rows = await t.database.db
      .select()
      .from(players)
      .where(inArray(players.id, [limitedThenBlocked, noAudit, alreadySet, active]));
    const byId = new Map(rows.map((r) => [r.id, [r.status, r.statusBeforeBlock]]));
    expect(byId.get(limitedThenBlocked)).toEqual([3, PlayerStatus.Limited]);
    expect(byId.get(noAudit)).toEqual([3, null]);
    expect(byId.get(alreadySet)).toEqual([3, 2]);
    expect(byId.get(active)).toEqual([PlayerStatus.Active, null]);
  });
});
