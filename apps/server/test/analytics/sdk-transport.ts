import { gzipSync } from 'node:zlib';
import { Http } from '@amplitude/analytics-node/lib/cjs/transports/http.js';

type Payload = Parameters<Http['send']>[1];
type SentEvent = Payload['events'][number];

/** One request the SDK sent, and the status it read from our answer. */
export interface SentRequest {
  events: readonly SentEvent[];
  code: number | undefined;
}

/**
 * The SDK's own Node transport, recording each request it sends (what the server receives) and
 * the status it read back; `gzip` sends the body compressed as the browser SDK does for
 * Amplitude's hosts, `alter` changes the payload on its way (a client that omits a field).
 */
export class RecordingTransport extends Http {
  readonly sent: SentRequest[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];

  constructor(private readonly options: { gzip?: boolean; alter?: (p: Payload) => Payload } = {}) {
    super();
  }

  override async send(serverUrl: string, payload: Payload) {
    const body = this.options.alter ? this.options.alter(payload) : payload;
    const response = this.options.gzip
      ? await this.sendGzip(serverUrl, body)
      : await super.send(serverUrl, body);
    this.sent.push({ events: body.events, code: response?.statusCode });
    for (const waiter of this.waiters.filter((w) => w.count <= this.sent.length)) waiter.resolve();
    this.waiters = this.waiters.filter((w) => w.count > this.sent.length);
    return response;
  }

  /** Resolves once `count` requests have been answered (and, a tick later, handled by the SDK). */
  async answered(count: number): Promise<void> {
    if (this.sent.length < count) {
      await new Promise<void>((resolve) => this.waiters.push({ count, resolve }));
    }
    await new Promise((resolve) => setImmediate(resolve));
  }

  private async sendGzip(serverUrl: string, payload: Payload) {
    const res = await fetch(serverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify(payload)),
    });
    return this.buildResponse((await res.json()) as Record<string, unknown>);
  }
}
