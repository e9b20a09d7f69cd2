import type { DomainEventType } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { createOutboxRepo, type DomainEventInput } from './outbox.repo.ts';

export type { DomainEventInput } from './outbox.repo.ts';

const door = createOutboxRepo(null as unknown as Database);

/**
 * @deprecated Services take an `outbox: OutboxRecorder` dependency (outbox.repo.ts) and call
 * `outbox.record(tx, event)`; this shim goes once every caller does (docs/decisions/018).
 */
export async function recordEvent<T extends DomainEventType>(
  tx: Database,
  event: DomainEventInput<T>,
): Promise<void> {
  await door.record(tx, event);
}
