import { detectCardBrand, passesLuhn } from './card-number.ts';
import { passes } from './test-context.fixture.ts';

describe('cardNumber', () => {
  it.each(['4242424242424242', '4000000000000002', '378282246310005', '4242 4242 4242 4242'])(
    'accepts the Luhn-valid %s',
    (value) => expect(passes({ rule: 'cardNumber' }, value)).toBe(true),
  );
  it.each([
    '4242424242424241',
    '4000000000000001',
    '378282246310006',
    '4242',
    '42424242424242424242',
    '4242x42424242424',
  ])('refuses %s', (value) => expect(passes({ rule: 'cardNumber' }, value)).toBe(false));
  it('computes the mod-10 checksum', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});

describe('detectCardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4000 0000 0000 0002', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['6759649826438453', 'maestro'],
  ])('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
  it('knows no brand for an unknown or ambiguous prefix', () => {
    expect(detectCardBrand('9999999999999995')).toBeUndefined();
    expect(detectCardBrand('')).toBeUndefined();
    expect(detectCardBrand('abc')).toBeUndefined();
  });
});
