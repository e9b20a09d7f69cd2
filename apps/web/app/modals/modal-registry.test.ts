import { COMPLETE_PROFILE_MODALS } from '../lib/modals/modal-query.fns.ts';
import { MODAL_REGISTRY } from './modal-registry.ts';

// Moved beside the registry from modal-query.fns.test.ts: lib may not import the modal screens.
describe('gateModal (spec §6)', () => {
  it('gates exactly the modals the registry marks completeProfile', () => {
    const marked = Object.entries(MODAL_REGISTRY)
      .filter(([, definition]) => definition.requires === 'completeProfile')
      .map(([name]) => name)
      .sort();
    expect([...COMPLETE_PROFILE_MODALS].sort()).toEqual(marked);
  });
});
