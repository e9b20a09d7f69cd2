import { Centrifuge, State, UnauthorizedError } from 'centrifuge';
import { REALTIME_PATHS } from '@coinfall/shared/contracts/realtime';
import {
  SUPPORT_STAFF_CHANNEL,
  type SupportRealtimeToken,
  type SupportStaffPublication,
} from '@coinfall/shared/contracts/support';
import { isRealtimeMessage } from '../../features/realtime/realtime-messages.fns';
import { rpcRefusalOf } from '../../features/realtime/realtime-rpc.fns';
import { staffSupportPushOf } from '../../features/support/support-push.fns';
import { ApiError } from '../../lib/api/api-error';
import { noteStaffCall, noteStaffRefusal, staffApi } from './staff-client';

/**
 * The console's own realtime connection (issue 18): a staff connection token from the staff
 * session (GET /api/admin/support/realtime-token), good for the staff support channel only. Apart
 * from the player site's connection (features/realtime): a back-office tab never carries a
 * player token, and a player's never reaches this channel.
 */

export type StaffConnection = 'disconnected' | 'connecting' | 'connected';

export interface StaffSupportListener {
  onPush: (push: SupportStaffPublication) => void;
  /** Publications may have been missed (first subscribe, or a gap): read the lists again. */
  onResync: () => void;
  onState: (state: StaffConnection) => void;
}

/** The console's live connection, for its RPCs; undefined once `listenToStaffSupport` ends it. */
let liveClient: Centrifuge | undefined;

/**
 * An RPC on the console's connection if it is connected; undefined when it is not (not opened,
 * connecting, reconnecting), so the caller can use HTTP at once. Counted as a staff call, as the
 * HTTP client counts its own (idle timeout, ended session). The client's `timeout` bounds the
 * call: past it, it rejects with centrifuge's code 1.
 */
export function callStaffRpcIfConnected(
  method: string,
  data: unknown,
): Promise<unknown> | undefined {
  if (!liveClient || liveClient.state !== State.Connected) return undefined;
  noteStaffCall();
  return liveClient.rpc(method, data).then(
    (result): unknown => result.data,
    (error: unknown) => {
      noteStaffRefusal(rpcRefusalOf(error));
      throw error;
    },
  );
}

async function getToken(): Promise<string> {
  try {
    const { token } = await staffApi.get<SupportRealtimeToken>('/api/admin/support/realtime-token');
    return token;
  } catch (error) {
    // The staff session ended: stay disconnected (the frame sends the page to sign-in).
    if (error instanceof ApiError && (error.status === 401 || error.status === 403))
      throw new UnauthorizedError('staff session ended');
    throw error;
  }
}

/** Connects and listens to the staff support channel; returns the function that ends both. */
export function listenToStaffSupport(listener: StaffSupportListener): () => void {
  const wsOrigin = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
  const client = new Centrifuge(
    [
      { transport: 'websocket', endpoint: `${wsOrigin}${REALTIME_PATHS.websocket}` },
      { transport: 'http_stream', endpoint: REALTIME_PATHS.httpStream },
      { transport: 'sse', endpoint: REALTIME_PATHS.sse },
    ],
    {
      emulationEndpoint: REALTIME_PATHS.emulation,
      minReconnectDelay: 500,
      maxReconnectDelay: 20_000,
      timeout: 5_000,
      maxServerPingDelay: 10_000,
      getToken,
    },
  );
  client.on('state', (ctx) => listener.onState(ctx.newState));
  const subscription = client.newSubscription(SUPPORT_STAFF_CHANNEL, {
    minResubscribeDelay: 500,
    maxResubscribeDelay: 20_000,
  });
  subscription.on('publication', (ctx) => {
    const data: unknown = ctx.data;
    if (!isRealtimeMessage(data)) return;
    const push = staffSupportPushOf(data);
    if (push) listener.onPush(push);
  });
  subscription.on('subscribed', (ctx) => {
    if (!(ctx.wasRecovering && ctx.recovered)) listener.onResync();
  });
  subscription.subscribe();
  client.connect();
  liveClient = client;
  return () => {
    if (liveClient === client) liveClient = undefined;
    subscription.unsubscribe();
    client.removeSubscription(subscription);
    client.disconnect();
  };
}
