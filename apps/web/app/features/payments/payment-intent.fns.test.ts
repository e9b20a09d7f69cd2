import { intentFor, intentSignature, keyForStep } from './payment-intent.fns';

describe('payment intent keys', () => {
  let counter = 0;
  const newKey = () => `key-${++counter}`;

  it('reuses the keys of the same intent, so a retry or a double click never pays twice', () => {
    const signature = intentSignature('purchase', 7, 'pm_1');
    const first = keyForStep(intentFor(undefined, signature), 'purchase', newKey);
    const again = keyForStep(intentFor(first.intent, signature), 'purchase', newKey);
    expect(again.key).toBe(first.key);
  });

  it('gives each step of one intent its own key', () => {
    const intent = intentFor(undefined, intentSignature('purchase', 7, 'pm_1'));
    const purchase = keyForStep(intent, 'purchase', newKey);
    const invoice = keyForStep(purchase.intent, 'invoice', newKey);
    expect(invoice.key).not.toBe(purchase.key);
    expect(keyForStep(invoice.intent, 'purchase', newKey).key).toBe(purchase.key);
  });

  it('starts new keys for another bundle or method', () => {
    const first = keyForStep(intentFor(undefined, 'purchase|7|pm_1'), 'purchase', newKey);
    const other = keyForStep(intentFor(first.intent, 'purchase|7|pm_2'), 'purchase', newKey);
    expect(other.key).not.toBe(first.key);
  });
});
