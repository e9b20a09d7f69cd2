import { createContext, useContext } from 'react';

/**
 * What the chrome needs of an open modal. Structural on purpose: the store's entries and the
 * registry's definitions satisfy it, so ui never imports the layers that render it.
 */
export interface ModalEntryView {
  name: string;
  props: Readonly<Record<string, unknown>>;
}
export interface ModalCloseRules {
  outsideClickCloses: boolean;
  swipeCloses: boolean;
}

export interface ModalEntryContextValue {
  entry: ModalEntryView;
  definition: ModalCloseRules;
  zIndex: number;
  /** The `data-modal-key` value: the query key, or the name for unkeyed modals. */
  modalKey: string;
  /** The query of the page (keyed modals read code, resetCode… from it). */
  searchParams: URLSearchParams;
  close: () => void;
}

export const ModalEntryContext = createContext<ModalEntryContextValue | null>(null);

/** The modal the calling component is rendered as (set by ModalHost). */
export function useModalEntry(): ModalEntryContextValue {
  const value = useContext(ModalEntryContext);
  if (!value) throw new Error('useModalEntry() used outside a modal rendered by ModalHost');
  return value;
}

/** A string prop given with open()/openKeyed(), if any. */
export function stringProp(entry: ModalEntryView, name: string): string | undefined {
  const value = entry.props[name];
  return typeof value === 'string' ? value : undefined;
}

/** A callback prop given with open()/openKeyed(), if any. */
export function callbackProp(entry: ModalEntryView, name: string): (() => void) | undefined {
  const value = entry.props[name];
  return typeof value === 'function' ? (value as () => void) : undefined;
}
