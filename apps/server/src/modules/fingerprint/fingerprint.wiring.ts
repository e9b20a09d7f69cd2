import { LOCALES } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { ContentService } from '../content/content.service.ts';
import type { PlayerRepo } from '../player/player.repo.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import { fingerprintOnEverywhere } from './fingerprint.fns.ts';
import { createFingerprintRepo } from './fingerprint.repo.ts';
import { fingerprintRoutes } from './fingerprint.routes.ts';
import { createFingerprintService, type WelcomeCoins } from './fingerprint.service.ts';

/**
 * The device fingerprint (issue 19, decision 049): `GET /api/fp`, and the registration's welcome
 * hook, which lets the welcome coins wait for the device while the site's flag is on.
 */
export function wireFingerprint(deps: {
  db: Database;
  content: Pick<ContentService, 'get'>;
  players: Pick<PlayerRepo, 'findPlayerById'>;
  playerLock: PlayerRowLock;
  welcome: WelcomeCoins;
  requireAuth: onRequestAsyncHookHandler;
  now?: () => Date;
}) {
  // Read at each registration: a content publish switches it without a restart.
  const fingerprintOn = () =>
    fingerprintOnEverywhere(
      LOCALES.map((locale) => deps.content.get(locale, 'global-components').document),
    );
  const service = createFingerprintService({
    repo: createFingerprintRepo(deps.db),
    players: deps.players,
    playerLock: deps.playerLock,
    welcome: deps.welcome,
    fingerprintOn,
    now: deps.now,
  });
  return {
    service,
    welcomeAtRegistration: (tx: Database, playerId: string) =>
      service.welcomeAtRegistration(tx, playerId),
    routes: fingerprintRoutes(service, deps.requireAuth),
  };
}
