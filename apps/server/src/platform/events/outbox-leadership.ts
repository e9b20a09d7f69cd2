import pg from 'pg';

/** Session advisory lock naming the outbox leader; the same constant on every node. */
export const OUTBOX_LEADER_LOCK_KEY = 7_320_115;

export interface LeadershipEvents {
  /** This node became the one that dispatches. */
  onLead(): void;
  /** It no longer is (connection lost, or stopping). */
  onLose(): void;
}

export interface Leadership {
  start(events: LeadershipEvents): Promise<void>;
  isLeader(): boolean;
  stop(): Promise<void>;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** PGlite is one process with one connection: there is no other node, so it always leads. */
export function createEmbeddedLeadership(): Leadership {
  let leading = false;
  return {
    async start(events) {
      leading = true;
      events.onLead();
    },
    isLeader: () => leading,
    async stop() {
      leading = false;
    },
  };
}

/**
 * PostgreSQL: several nodes, one leader. Leadership is a session-level pg_try_advisory_lock held
 * on a dedicated connection (not a pooled one: the lock lives exactly as long as the session, so
 * a node that dies or loses its connection releases it and another node takes over). Followers
 * retry every `retryMs`; the leader pings its connection at the same pace, so a silently dead
 * connection is noticed and leadership given up rather than kept in name only.
 */
export function createPostgresLeadership(options: {
  connectionString: string;
  retryMs: number;
  log: Logger;
  lockKey?: number;
  /**
   * While leading, LISTEN on this channel on the leader's connection and call `onNudge` for each
   * notification: other nodes say so after a commit that recorded events (decision 051).
   */
  nudges?: { channel: string; onNudge(): void };
}): Leadership {
  const lockKey = options.lockKey ?? OUTBOX_LEADER_LOCK_KEY;
  let client: pg.Client | null = null;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let events: LeadershipEvents | null = null;
  let busy: Promise<void> = Promise.resolve();

  function lose(client_: pg.Client, reason: string, err?: unknown): void {
    if (client !== client_) return; // an old connection's late error
    client = null;
    // Ending is best effort: the session (and its lock) is gone or going either way.
    client_.end().catch(() => undefined);
    if (leading) {
      leading = false;
      options.log.warn({ err, reason }, 'outbox leadership lost');
      events?.onLose();
    }
  }

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    // Without a listener an 'error' would crash the process; a lost connection means lost lead.
    c.on('error', (err) => lose(c, 'connection error', err));
    c.on('end', () => lose(c, 'connection ended'));
    c.on('notification', () => {
      if (leading && client === c) options.nudges?.onNudge();
    });
    await c.connect();
    client = c;
    return c;
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    const c = client;
    try {
      if (leading && c) {
        await c.query('select 1');
        return;
      }
      const conn = c ?? (await connect());
      const res = await conn.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [lockKey],
      );
      if (!res.rows[0]?.locked || stopped) return;
      // Listening before leading: a nudge sent from now on is not lost (the poll covers before).
      if (options.nudges) await conn.query(`listen "${options.nudges.channel}"`);
      leading = true;
      options.log.info({ lockKey }, 'outbox leadership taken');
      events?.onLead();
    } catch (err) {
      if (client) lose(client, 'leadership query failed', err);
      else options.log.warn({ err }, 'outbox leadership: cannot connect; will retry');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      busy = tick().finally(schedule);
    }, options.retryMs);
  }

  return {
    async start(e) {
      events = e;
      busy = tick();
      await busy;
      schedule();
    },
    isLeader: () => leading,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await busy.catch(() => undefined);
      leading = false;
      const c = client;
      client = null;
      if (c) {
        // Closing the session releases the advisory lock; another node may lead at its next try.
        await c.end().catch(() => undefined);
      }
    },
  };
}
