import { createContext, useContext } from 'react';
import type { ModalDefinition } from './modal-registry.ts';
import type { ModalEntry } from './modal-store.ts';

export interface ModalEntryContextValue {
  entry: ModalEntry;
  definition: ModalDefinition;
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
export function stringProp(entry: ModalEntry, name: string): string | undefined {
  const value = entry.props[name];
  return typeof value === 'string' ? value : undefined;
}

/** A callback prop given with open()/openKeyed(), if any. */
export function callbackProp(entry: ModalEntry, name: string): (() => void) | undefined {
  const value = entry.props[name];
  return typeof value === 'function' ? (value as () => void) : undefined;
}
