import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../test-app.ts';
import { DEMO_ANALYTICS_API_KEY } from '../../src/config.ts';

export const API_KEY = DEMO_ANALYTICS_API_KEY;

/** A device id no other test (nor another file, on a shared Redis) has used. */
export const newDeviceId = () => `device-${randomUUID()}`;

/** An event as the SDK sends it. */
export function sdkEvent(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event_type: 'Game Launched',
    device_id: newDeviceId(),
    insert_id: randomUUID(),
    time: Date.now(),
    session_id: Date.now(),
    event_properties: { gameId: 'dice' },
    ...fields,
  };
}

export function post(
  app: FastifyInstance,
  body: unknown,
  options: { url?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: options.url ?? '/2/httpapi',
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
}

export interface StoredEvent {
  project: string;
  insert_id: string | null;
  event_type: string;
  user_id: string | null;
  device_id: string | null;
  session_id: string | null;
  time: string;
  received_at: string;
  event: Record<string, unknown>;
}

/** The stored events of some devices, oldest insert first. */
export async function storedEvents(t: TestApp, deviceIds: string[]): Promise<StoredEvent[]> {
  const result: unknown = await t.database.db.execute(sql`
    select project, insert_id, event_type, user_id, device_id, session_id::text,
      to_char(time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time,
      to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as received_at,
      event
    from analytics_events
    where device_id in (${sql.join(
      deviceIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by received_at, time`);
  return (result as { rows: StoredEvent[] }).rows;
}
