import type { AppsFlyerEventRequest } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';

/**
 * Takes an app conversion (POST /api/appsflyer-events) and records it in the outbox: the request
 * answers once it is durable, and AppsFlyer hears of it from the sender (decision 048).
 */
export function createAppsFlyerService(deps: {
  db: Database;
  outbox: Pick<OutboxRepo, 'record'>;
  now: () => Date;
}) {
  return {
    /**
     * `playerId`: the signed-in player of the request, or null. The body's userId is never
     * trusted: a signed-in player's id comes from the session, a guest's is not forwarded.
     */
    async accept(request: AppsFlyerEventRequest, playerId: string | null): Promise<void> {
      await deps.db.transaction((tx) =>
        deps.outbox.record(tx, {
          type: 'appsflyer.event.accepted',
          playerId,
          payload: {
            platform: request.isIos ? 'ios' : 'android',
            appsFlyerId: request.appsFlyerId,
            customerUserId: playerId,
            eventName: request.eventName,
            eventValue: request.eventValue,
            eventTime: deps.now().toISOString(),
          },
        }),
      );
    },
  };
}
export type AppsFlyerService = ReturnType<typeof createAppsFlyerService>;
