import { check, passes } from './test-context.fixture.ts';

describe('phone', () => {
  it.each([
    ['abc', 'NOT_A_NUMBER'],
    ['+1', 'TOO_SHORT'],
    ['1', 'TOO_SHORT'],
    ['+1234567890123456789', 'TOO_LONG'],
    ['999123456', 'INVALID_COUNTRY'],
    ['1202555012', 'TOO_SHORT'],
    ['120255501234', 'TOO_LONG'],
  ])('refuses %s with %s', (value, code) => {
    expect(check({ rule: 'phone' }, value)).toEqual({ rule: 'phone', params: {}, code });
  });
  it.each(['12025550123', '+12025550123', '5511987654321', 5511987654321])(
    'accepts the international number %j',
    (value) => expect(passes({ rule: 'phone' }, value)).toBe(true),
  );
  it('refuses a value that is not text', () => {
    expect(check({ rule: 'phone' }, { n: 1 })).toMatchObject({ code: 'NOT_A_NUMBER' });
  });
});
