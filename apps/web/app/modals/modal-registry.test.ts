import {
  KEYED_MODALS,
  MODALS_CLOSED_WHEN_LOGGED_IN,
  UNKEYED_MODALS,
  type ModalName,
} from '@coinfall/shared';
import { COMPLETE_PROFILE_MODALS } from '../lib/modals/modal-query.fns.ts';
import { MODAL_REGISTRY } from './modal-registry.ts';

// Beside the registry (moved from lib's modal tests): lib may not import the modal screens.
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

describe('gateModal (spec §6)', () => {
  it('gates exactly the modals the registry marks completeProfile', () => {
    const marked = Object.entries(MODAL_REGISTRY)
      .filter(([, definition]) => definition.requires === 'completeProfile')
      .map(([name]) => name)
      .sort();
    expect([...COMPLETE_PROFILE_MODALS].sort()).toEqual(marked);
  });
});
