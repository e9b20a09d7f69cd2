import type { PaymentMethod } from '@coinfall/shared/contracts/payment';
import { pickSavedMethod, savedMethodsOf } from './saved-methods.fns';

const card = (id: string, fields = [{ name: 'last4', value: '4242' }]) =>
  ({ id, type: 'card', fields }) as PaymentMethod;

describe('saved methods', () => {
  it('counts only methods with fields as saved (spec §3)', () => {
    expect(savedMethodsOf([card('card', []), card('pm_1')]).map((m) => m.id)).toEqual(['pm_1']);
  });

  it('keeps the player’s pick, else selects the card just added, else the first', () => {
    const saved = [card('pm_1'), card('pm_2')];
    expect(pickSavedMethod(saved, 'pm_1', 'pm_2')).toBe('pm_1');
    expect(pickSavedMethod(saved, undefined, 'pm_2')).toBe('pm_2');
    expect(pickSavedMethod(saved, 'pm_gone', 'pm_also_gone')).toBe('pm_1');
    expect(pickSavedMethod([], undefined, undefined)).toBeUndefined();
  });
});
