import { FreeSpinResult, FreeSpinStatus } from '@coinfall/shared';

type FreeSpinStatusValue = (typeof FreeSpinStatus)[keyof typeof FreeSpinStatus];
type FreeSpinResultValue = (typeof FreeSpinResult)[keyof typeof FreeSpinResult];

export interface FreeSpinState {
  status: FreeSpinStatusValue;
  result: FreeSpinResultValue | null;
}

/** What can happen to free spins: activated, their last spin played, canceled, expired. */
export type FreeSpinEvent = 'activate' | 'played' | 'cancel' | 'expire';

/**
 * The state after `event`, or null when the rules refuse it: issued spins may be activated,
 * canceled or expire; active ones are played out, canceled or expire; finished ones are final.
 */
export function nextFreeSpinState(from: FreeSpinState, event: FreeSpinEvent): FreeSpinState | null {
  const finished = (result: FreeSpinResultValue): FreeSpinState => ({
    status: FreeSpinStatus.Finished,
    result,
  });
  if (from.status === FreeSpinStatus.Finished) return null;
  switch (event) {
    case 'activate':
      return from.status === FreeSpinStatus.Issued
        ? { status: FreeSpinStatus.Active, result: null }
        : null;
    case 'played':
      return from.status === FreeSpinStatus.Active ? finished(FreeSpinResult.Played) : null;
    case 'cancel':
      return finished(FreeSpinResult.Canceled);
    case 'expire':
      return finished(FreeSpinResult.Expired);
  }
}
