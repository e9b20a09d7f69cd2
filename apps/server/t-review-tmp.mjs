import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
const db = new PGlite();
for (const v of ['0000-01-01T00:00:00.000Z','-000001-12-31T15:00:00.000Z']) {
  try { console.log(v, (await db.query('select $1::timestamptz as t',[v])).rows); } catch(e) { console.log(v, 'ERR', e.message); }
}
console.log(z.iso.datetime({offset:true}).safeParse('0000-01-01T00:00:00Z').success);
