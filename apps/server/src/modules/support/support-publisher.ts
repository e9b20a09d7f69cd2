import {
  SUPPORT_MESSAGE_EVENT,
  SUPPORT_PLAYER_EVENT,
  SUPPORT_STAFF_EVENT,
  type SupportPlayerPublication,
  type SupportStaffMessage,
  type SupportStaffPublication,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { DomainEventInput, OutboxRepo } from '../../platform/events/outbox.repo.ts';

type SupportEvent = DomainEventInput<
  typeof SUPPORT_PLAYER_EVENT | typeof SUPPORT_STAFF_EVENT | typeof SUPPORT_MESSAGE_EVENT
>;

/**
 * One publication: to a player's support channel, to the staff channel (`playerId` null), or a
 * message, for both (the player's unless it is an internal note) from one outbox row.
 */
export type SupportPublication =
  | { playerId: string; publication: SupportPlayerPublication }
  | { playerId: null; publication: SupportStaffPublication }
  | { playerId: string; message: SupportStaffMessage };

function eventOf(p: SupportPublication): SupportEvent {
  if ('message' in p) {
    const { playerId, message } = p;
    return { type: SUPPORT_MESSAGE_EVENT, playerId, payload: { playerId, message } };
  }
  return p.playerId === null
    ? { type: SUPPORT_STAFF_EVENT, playerId: null, payload: p.publication }
    : { type: SUPPORT_PLAYER_EVENT, playerId: p.playerId, payload: p.publication };
}

/**
 * The support chat's publications go through the one outbox door (decision 013), in the
 * transaction of the change they announce: the dispatcher publishes them on the player's support
 * channel or the staff channel (realtime event-channels), with history for recovery.
 */
export function createSupportPublisher(outbox: Pick<OutboxRepo, 'record' | 'recordMany'>) {
  return {
    toPlayer: (tx: Database, playerId: string, publication: SupportPlayerPublication) =>
      outbox.record(tx, eventOf({ playerId, publication })),
    toStaff: (tx: Database, publication: SupportStaffPublication) =>
      outbox.record(tx, eventOf({ playerId: null, publication })),
    /** A message's publications in one statement, in this order (decision 051). */
    all: (tx: Database, publications: SupportPublication[]) =>
      outbox.recordMany(tx, publications.map(eventOf)),
  };
}
export type SupportPublisher = ReturnType<typeof createSupportPublisher>;
