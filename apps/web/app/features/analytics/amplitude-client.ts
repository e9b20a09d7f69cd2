import { Identify, createInstance } from '@amplitude/analytics-browser';
import { ANALYTICS_SETTINGS, INGEST_PATH } from './analytics-settings.ts';
import type { AnalyticsSdk, TrackedEvent } from './track.ts';

export interface AmplitudeClient extends AnalyticsSdk {
  /** The player the SDK remembers from an earlier page (its cookie), if any. */
  userId(): string | undefined;
  deviceId(): string | undefined;
  /** Forgets the player and starts a new device (spec §4 "Logout ... resets"). */
  reset(): void;
}

/**
 * The official Amplitude browser SDK, pointed at our own ingest (decision 027) with the spec's
 * settings. Loaded by a dynamic import after the first paint, never in a page's first JavaScript.
 * Nothing else of Amplitude's is called: no remote configuration, no diagnostics.
 */
export async function startAmplitude(options: {
  apiKey: string;
  origin: string;
}): Promise<AmplitudeClient> {
  const client = createInstance();
  await client.init(options.apiKey, undefined, {
    serverUrl: `${options.origin}${INGEST_PATH}`,
    transport: 'fetch',
    flushQueueSize: ANALYTICS_SETTINGS.flushQueueSize,
    flushIntervalMillis: ANALYTICS_SETTINGS.flushIntervalMillis,
    flushMaxRetries: ANALYTICS_SETTINGS.flushMaxRetries,
    sessionTimeout: ANALYTICS_SETTINGS.sessionTimeout,
    cookieOptions: { expiration: ANALYTICS_SETTINGS.cookieExpirationDays },
    fetchRemoteConfig: false,
    remoteConfig: { fetchRemoteConfig: false },
    enableDiagnostics: false,
    autocapture: {
      // Page views: domain, location, path, title, URL without query and the page counter.
      // A change of the query alone (is_auth, a modal) is not a new page.
      pageViews: { trackHistoryChanges: 'pathOnly' },
      sessions: true,
      // Our own attribution (issue 19) sets the user properties; the SDK's would duplicate them.
      attribution: false,
      formInteractions: false,
      fileDownloads: false,
      elementInteractions: false,
      frustrationInteractions: false,
      networkTracking: false,
      webVitals: false,
    },
  }).promise;
  return {
    track: (event: TrackedEvent) => {
      void client.track(event).promise;
    },
    setUserId: (userId) => client.setUserId(userId),
    setUserProperties: (properties, once) => {
      const identify = new Identify();
      for (const [key, value] of Object.entries(properties)) {
        if (once) identify.setOnce(key, value);
        else identify.set(key, value);
      }
      void client.identify(identify).promise;
    },
    userId: () => client.getUserId(),
    deviceId: () => client.getDeviceId(),
    reset: () => client.reset(),
  };
}
