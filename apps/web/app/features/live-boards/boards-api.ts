import type { DeviceType } from '@coinfall/shared/contracts/events';
import type { ActivityBoard, WinnersBoard } from '@coinfall/shared/contracts/realtime';

/**
 * The boards' first paint (decision 013): public reads, so a plain fetch without the session's
 * client (a guest has no token, and a failure here is the board's to show, never a redirect).
 */
async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** GET /api/game/winners?device&country */
export function fetchWinnersBoard(
  device: DeviceType,
  country: string,
  signal?: AbortSignal,
): Promise<WinnersBoard> {
  const query = new URLSearchParams({ device, country });
  return getJson<WinnersBoard>(`/api/game/winners?${query.toString()}`, signal);
}

/** GET /api/game/activity */
export function fetchActivityBoard(signal?: AbortSignal): Promise<ActivityBoard> {
  return getJson<ActivityBoard>('/api/game/activity', signal);
}
