import fc from 'fast-check';
import {
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  savedCardOf,
  saveCardBody,
  validateCardForm,
} from './card-form.fns';

const now = new Date('2026-11-21T12:00:00Z');
const valid = {
  number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvv: '123',
  holderName: 'Ada Lovelace',
};

describe('card form', () => {
  it('accepts a valid card', () => {
    expect(validateCardForm(valid, now)).toEqual({});
  });

  it('refuses a number that fails the Luhn check, and empty fields', () => {
    expect(validateCardForm({ ...valid, number: '4242 4242 4242 4241' }, now).number).toBe(
      'cardNumber',
    );
    expect(validateCardForm({ ...valid, number: '' }, now).number).toBe('required');
    expect(validateCardForm({ ...valid, holderName: ' ' }, now).holderName).toBe('required');
  });

  it('checks the expiry format and refuses a card past its month', () => {
    expect(validateCardForm({ ...valid, expiry: '13/30' }, now).expiry).toBe('expiryFormat');
    expect(validateCardForm({ ...valid, expiry: '10/26' }, now).expiry).toBe('expired');
    expect(validateCardForm({ ...valid, expiry: '11/26' }, now).expiry).toBeUndefined();
    expect(parseExpiry('7/2031')).toEqual({ month: 7, year: 2031 });
  });

  it('asks 4 CVV digits of an Amex card and 3 of others', () => {
    const amex = { ...valid, number: '3782 822463 10005' };
    expect(validateCardForm({ ...amex, cvv: '123' }, now).cvv).toBe('cvv');
    expect(validateCardForm({ ...amex, cvv: '1234' }, now).cvv).toBeUndefined();
    expect(validateCardForm({ ...valid, cvv: '1234' }, now).cvv).toBe('cvv');
  });

  it('groups digits in fours as typed', () => {
    expect(formatCardNumber('4242424242')).toBe('4242 4242 42');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
  });

  it('builds the DirectCashier save body with digits only', () => {
    expect(saveCardBody('tok', valid)).toEqual({
      action: 'save',
      token: 'tok',
      cardNumber: '4242424242424242',
      expiryMonth: 12,
      expiryYear: 2030,
      cvv: '123',
      holderName: 'Ada Lovelace',
    });
  });

  it('reads a saved card’s fields', () => {
    expect(
      savedCardOf([
        { name: 'brand', value: 'visa' },
        { name: 'last4', value: '4242' },
        { name: 'expiryMonth', value: '3' },
        { name: 'expiryYear', value: '2030' },
      ]),
    ).toEqual({ brand: 'visa', last4: '4242', expiry: '03/30' });
  });
});

describe('formatExpiry (the MM/YY mask)', () => {
  it('adds the slash after the month as the player types', () => {
    let shown = '';
    for (const key of '1230') shown = formatExpiry(shown + key, shown);
    expect(shown).toBe('12/30');
    expect(formatExpiry('4', '')).toBe('04/');
    expect(formatExpiry('1', '')).toBe('1');
  });

  it('takes the slash away with the month when deleting back over it', () => {
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('1', '12')).toBe('1');
  });

  it('keeps pasted dates, with a two- or four-digit year', () => {
    expect(formatExpiry('12/34', '')).toBe('12/34');
    expect(formatExpiry('12 / 2034', '')).toBe('12/2034');
  });

  it('always reads back as the month and year typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), (m, y) => {
        const typed = `${String(m).padStart(2, '0')}${String(y).padStart(2, '0')}`;
        let shown = '';
        for (const key of typed) shown = formatExpiry(shown + key, shown);
        expect(parseExpiry(shown)).toEqual({ month: m, year: 2000 + y });
      }),
    );
  });
});
