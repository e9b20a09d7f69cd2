import type { FingerprintQuery, WelcomeDeviceOutcome } from '@coinfall/shared';

/**
 * The fingerprint switch the server obeys: on only when every locale's published
 * global-components says `enabledFingerprint: true`. The welcome coins wait for a device only
 * then, so a locale whose site never sends one cannot leave its players without them.
 */
export function fingerprintOnEverywhere(documents: readonly unknown[]): boolean {
  return (
    documents.length > 0 &&
    documents.every(
      (d) =>
        typeof d === 'object' &&
        d !== null &&
        (d as { enabledFingerprint?: unknown }).enabledFingerprint === true,
    )
  );
}

/**
 * The query field naming someone other than the session's player, if any. The link always goes
 * to the session's player; email and userId are only a check that the tab still speaks for it.
 */
export function foreignIdentityField(
  query: Pick<FingerprintQuery, 'email' | 'userId'>,
  player: { id: string; email: string },
): 'userId' | 'email' | null {
  if (query.userId !== undefined && query.userId.toLowerCase() !== player.id.toLowerCase()) {
    return 'userId';
  }
  if (query.email !== undefined && query.email.toLowerCase() !== player.email.toLowerCase()) {
    return 'email';
  }
  return null;
}

/** What waiting welcome coins become once the device is known. */
export function welcomeOutcome(input: {
  waiting: boolean;
  anotherOnDeviceHadWelcome: boolean;
}): WelcomeDeviceOutcome {
  if (!input.waiting) return 'none';
  return input.anotherOnDeviceHadWelcome ? 'refused' : 'granted';
}
