import FingerprintJS from '@fingerprintjs/fingerprintjs';
import { FINGERPRINT_TIMEOUT_MS } from '@coinfall/shared/contracts/fingerprint';
import { apiClient } from '../../lib/session/session';
import { fingerprintPath, untilAborted } from './fingerprint.fns.ts';

/**
 * The FingerprintJS chunk (open source, MIT; decision 049): computes this browser's visitor id
 * and reports it for the signed-in player. The whole of it — loading the agent, reading the
 * browser, the call — has the spec's 120 000 ms (§9); past it the report is dropped.
 * True when the server took it.
 */
export async function reportDevice(player: { email: string; userId: string }): Promise<boolean> {
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new Error(`The fingerprint took over ${FINGERPRINT_TIMEOUT_MS} ms`)),
    FINGERPRINT_TIMEOUT_MS,
  );
  try {
    // No installation statistics sent to FingerprintJS's servers: the id stays with us.
    const agent = await untilAborted(FingerprintJS.load({ monitoring: false }), deadline.signal);
    const { visitorId } = await untilAborted(agent.get(), deadline.signal);
    const path = fingerprintPath({ visitorId, ...player });
    if (!path) return false;
    // Its own failures stay its own: a refused or failed report never logs the player out.
    await apiClient().get(path, { skipGlobalHandler: true, signal: deadline.signal });
    return true;
  } finally {
    clearTimeout(timer);
  }
}
