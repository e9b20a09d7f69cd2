import {
  KEYED_MODALS,
  MODALS_CLOSED_WHEN_LOGGED_IN,
  UNKEYED_MODALS,
  type ModalName,
} from '@coinfall/shared';
import { MODAL_REGISTRY } from '../../modals/modal-registry.ts';
import { modalStore } from './modal-store.ts';

const names = () => modalStore.getState().stack.map((e) => e.name);

describe('modal registry', () => {
  it('lists every modal of the spec with its query key', () => {
    for (const [name, key] of Object.entries(KEYED_MODALS))
      expect(MODAL_REGISTRY[name as ModalName].queryKey).toBe(key);
    for (const name of UNKEYED_MODALS) expect(MODAL_REGISTRY[name].queryKey).toBeUndefined();
    expect(Object.keys(MODAL_REGISTRY)).toHaveLength(
      Object.keys(KEYED_MODALS).length + UNKEYED_MODALS.length,
    );
  });

  it('closes exactly the sign-up, sign-in, password, payment and card modals on load when logged in', () => {
    const closed = Object.entries(MODAL_REGISTRY)
      .filter(([, d]) => d.closedWhenLoggedIn)
      .map(([name]) => name);
    expect(closed.sort()).toEqual([...MODALS_CLOSED_WHEN_LOGGED_IN].sort());
  });

  it('records the spec §6 gates', () => {
    for (const name of ['deposit', 'bundles', 'payment', 'cardInfo'] as const) {
      expect(MODAL_REGISTRY[name].requires).toBe('completeProfile');
    }
    expect(MODAL_REGISTRY.redeem.requires).toBe('fullVerification');
    expect(MODAL_REGISTRY.signIn.requires).toBe('nothing');
  });
});

describe('modalStore', () => {
  beforeEach(() => modalStore.reset());

  it('stacks modals in the order they open, keyed one from the URL included', () => {
    modalStore.openUnkeyed('deposit');
    modalStore.syncKeyed('error');
    modalStore.openUnkeyed('registerCancel');
    expect(names()).toEqual(['deposit', 'error', 'registerCancel']);
  });

  it('keeps one keyed modal: a new one replaces the old on top', () => {
    modalStore.syncKeyed('signIn');
    modalStore.openUnkeyed('deposit');
    modalStore.syncKeyed('register');
    expect(names()).toEqual(['deposit', 'register']);
    modalStore.syncKeyed(undefined);
    expect(names()).toEqual(['deposit']);
  });

  it('hands props given with openKeyed() to that modal only', () => {
    modalStore.setPendingKeyedProps('confirm', { title: 'Sure?' });
    modalStore.syncKeyed('error');
    expect(modalStore.getState().stack[0]?.props).toEqual({});
    modalStore.setPendingKeyedProps('confirm', { title: 'Sure?' });
    modalStore.syncKeyed('confirm');
    expect(modalStore.getState().stack[0]?.props).toEqual({ title: 'Sure?' });
  });

  it('re-opening an unkeyed modal moves it to the top with the new props', () => {
    modalStore.openUnkeyed('deposit', { a: 1 });
    modalStore.openUnkeyed('withdraw');
    modalStore.openUnkeyed('deposit', { a: 2 });
    expect(names()).toEqual(['withdraw', 'deposit']);
    expect(modalStore.getState().stack[1]?.props).toEqual({ a: 2 });
    modalStore.closeUnkeyed('deposit');
    expect(names()).toEqual(['withdraw']);
  });
});
