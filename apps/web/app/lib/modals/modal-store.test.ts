import { modalStore } from './modal-store.ts';

const names = () => modalStore.getState().stack.map((e) => e.name);

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
