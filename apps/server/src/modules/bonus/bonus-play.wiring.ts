import type { Database } from '../../db/client.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';
import { createBonusEvents } from './bonus-events.ts';
import type { BonusLifecycle } from './bonus-lifecycle.service.ts';
import { createBonusPlayRepo } from './bonus-play.repo.ts';
import { createBonusPlay, type BonusPlay } from './bonus-play.service.ts';

/** The bonus engine's side of a game round, handed to the game server's wiring (issue 14). */
export function wireBonusPlay(deps: {
  db: Database;
  lifecycle: Pick<BonusLifecycle, 'finish' | 'finishFreeSpins'>;
  outbox: Pick<OutboxRepo, 'record' | 'recordMany'>;
  now?: () => Date;
}): BonusPlay {
  return createBonusPlay({
    repo: createBonusPlayRepo(deps.db),
    lifecycle: deps.lifecycle,
    events: createBonusEvents(deps.outbox),
    now: deps.now,
  });
}
