import {
  forwardBody,
  readForwardAnswer,
  type ForwardAnswer,
  type ForwardEvent,
} from './forward.fns.ts';
import type { AmplitudeSandboxRepo } from './forward.repo.ts';

/**
 * Where accepted events are forwarded (decision 054): a real Amplitude project's HTTP V2 API, or
 * the sandbox that records what it would have posted. One request per call; the sender owns
 * batching, pacing and retries.
 */
export interface AmplitudeForwardProvider {
  readonly kind: 'amplitude' | 'sandbox';
  post(events: readonly ForwardEvent[]): Promise<ForwardAnswer>;
}

const POST_TIMEOUT_MS = 10_000;

/** Amplitude itself. The api key travels in the body only; it is never logged nor stored. */
export function createAmplitudeHttpProvider(config: {
  url: string;
  apiKey: string;
}): AmplitudeForwardProvider {
  return {
    kind: 'amplitude',
    async post(events) {
      try {
        const res = await fetch(config.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: '*/*' },
          body: JSON.stringify(forwardBody(config.apiKey, events)),
          signal: AbortSignal.timeout(POST_TIMEOUT_MS),
        });
        const text = await res.text();
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON (a proxy's error page): the status alone says what to do.
        }
        return readForwardAnswer(res.status, body, events.length);
      } catch (err) {
        const error = `Amplitude unreachable: ${err instanceof Error ? err.name : 'error'}`;
        return { kind: 'retry', error, notBeforeMs: 0 };
      }
    },
  };
}

/** The key the sandbox's record shows instead of one: it has none. */
const SANDBOX_KEY = 'sandbox';

/**
 * The sandbox Amplitude (SANDBOX on, no key; decision 019): records each batch it is posted and
 * answers 200 — or, for the next posts, the statuses the operator scripted (`failNext`), so a
 * 429 or a 503 and the retry after it can be seen without a real project. The script is this
 * node's memory: a sandbox tool, not a setting.
 */
export function createAmplitudeSandboxProvider(repo: Pick<AmplitudeSandboxRepo, 'insert'>) {
  const script: number[] = [];
  const provider: AmplitudeForwardProvider & { failNext(statuses: number[]): void } = {
    kind: 'sandbox',
    failNext(statuses) {
      script.push(...statuses);
    },
    async post(events) {
      const status = script.shift() ?? 200;
      const { api_key: _key, ...body } = forwardBody(SANDBOX_KEY, events);
      await repo.insert({ status, body });
      const answer =
        status === 200
          ? { code: 200, events_ingested: events.length }
          : { code: status, error: `sandbox answered ${status}`, eps_threshold: 30 };
      return readForwardAnswer(status, answer, events.length);
    },
  };
  return provider;
}
export type AmplitudeSandboxProvider = ReturnType<typeof createAmplitudeSandboxProvider>;
