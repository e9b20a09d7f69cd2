import { useSyncExternalStore } from 'react';
import type { KeyedModalName, UnkeyedModalName } from '@coinfall/shared';

/** Props a caller hands a modal (texts, callbacks); keyed modals also read their query. */
export type ModalProps = Record<string, unknown>;

export type ModalEntry =
  | { keyed: true; name: KeyedModalName; props: ModalProps }
  | { keyed: false; name: UnkeyedModalName; props: ModalProps };

export interface ModalState {
  /** Open modals, bottom first; the index gives the z-index. */
  stack: readonly ModalEntry[];
}

const EMPTY: ModalState = { stack: [] };

/**
 * One store per browser tab. It is module state, but the server never writes to it (opening
 * happens in effects and handlers only) and the server snapshot is always EMPTY, so requests
 * cannot leak modals into each other.
 */
let state: ModalState = EMPTY;
/** Props given with openKeyed(), picked up when the URL shows that modal. */
let pendingKeyed: { name: KeyedModalName; props: ModalProps } | undefined;
const listeners = new Set<() => void>();

function setState(next: ModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const modalStore = {
  getState: (): ModalState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Opens (or re-opens on top, with new props) a modal that lives outside the URL. */
  openUnkeyed(name: UnkeyedModalName, props: ModalProps = {}): void {
    setState({
      stack: [...state.stack.filter((e) => e.name !== name), { name, props, keyed: false }],
    });
  },

  closeUnkeyed(name: UnkeyedModalName): void {
    if (!state.stack.some((e) => e.name === name)) return;
    setState({ stack: state.stack.filter((e) => e.name !== name) });
  },

  setPendingKeyedProps(name: KeyedModalName, props: ModalProps): void {
    pendingKeyed = { name, props };
  },

  /** Mirrors the URL's keyed modal into the stack: a newly opened one goes on top. */
  syncKeyed(name: KeyedModalName | undefined): void {
    const current = state.stack.find((e) => e.keyed);
    if (current?.name === name) return;
    const rest = state.stack.filter((e) => !e.keyed);
    if (!name) {
      setState({ stack: rest });
      return;
    }
    const props = pendingKeyed?.name === name ? pendingKeyed.props : {};
    pendingKeyed = undefined;
    setState({ stack: [...rest, { name, props, keyed: true }] });
  },

  /** For tests. */
  reset(): void {
    pendingKeyed = undefined;
    setState(EMPTY);
  },
};

export function useModalState(): ModalState {
  return useSyncExternalStore(modalStore.subscribe, modalStore.getState, () => EMPTY);
}
