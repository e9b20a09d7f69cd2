import { useLocation, useNavigate } from 'react-router';
import type { ModalQueryKey, UnkeyedModalName } from '@coinfall/shared';
import {
  closeModalQuery,
  modalNameForKey,
  openModalQuery,
  readOpenModal,
  toSearch,
} from './modal-query.fns.ts';
import { modalStore, useModalState, type ModalEntry, type ModalProps } from './modal-store.ts';

/** Marks a history entry pushed by openKeyed(), so closing can step back over it. */
const PUSHED_STATE = 'coinfallModalPushed';

function wasPushedByUs(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>)[PUSHED_STATE] === true
  );
}

export interface OpenKeyedOptions {
  /** Extra query params for the modal (backTo, source, code…); they go when it closes. */
  params?: Record<string, string>;
  /** Props that cannot live in a URL (callbacks, texts). Lost on reload, so keep them optional. */
  props?: ModalProps;
}

export interface ModalsApi {
  stack: readonly ModalEntry[];
  open: (name: UnkeyedModalName, props?: ModalProps) => void;
  close: (name: UnkeyedModalName) => void;
  openKeyed: (key: ModalQueryKey, options?: OpenKeyedOptions) => void;
  closeKeyed: () => void;
}

/**
 * Opening a keyed modal from a page PUSHES a history entry, so the phone's Back gesture closes
 * it (what people expect of a sheet). Switching from one keyed modal to another replaces the
 * entry, so Back never walks through a chain of modals. Closing steps back over our own entry
 * (no dead "Back" press afterwards); a modal that came with the URL (shared link, reload of a
 * foreign entry) closes with a replace navigation instead, as there is nothing of ours to pop.
 */
export function useModals(): ModalsApi {
  const navigate = useNavigate();
  const location = useLocation();
  const { stack } = useModalState();

  const go = (params: URLSearchParams, replace: boolean, state: unknown) =>
    void navigate(
      { pathname: location.pathname, search: toSearch(params), hash: location.hash },
      {
        replace,
        state,
        preventScrollReset: true,
      },
    );

  return {
    stack,
    open: (name, props) => modalStore.openUnkeyed(name, props),
    close: (name) => modalStore.closeUnkeyed(name),
    openKeyed(key, options = {}) {
      const params = new URLSearchParams(location.search);
      const name = modalNameForKey(key);
      if (name && options.props) modalStore.setPendingKeyedProps(name, options.props);
      const next = openModalQuery(params, key, options.params);
      if (readOpenModal(params)) {
        go(next, true, location.state);
      } else {
        // Stepping back later must also satisfy "closing clears code, backTo…": only safe
        // when the page we came from carried none of them.
        const cleanOrigin = closeModalQuery(params).toString() === params.toString();
        go(next, false, cleanOrigin ? { [PUSHED_STATE]: true } : null);
      }
    },
    closeKeyed() {
      if (wasPushedByUs(location.state)) {
        void navigate(-1);
        return;
      }
      go(closeModalQuery(new URLSearchParams(location.search)), true, null);
    },
  };
}
