import fc from 'fast-check';
import { firstFailedCheck, type FieldCheck } from './field-checks.fns.ts';

const required: FieldCheck = { rule: 'required' };
const email: FieldCheck = { rule: 'email' };
const min6: FieldCheck = { rule: 'min', min: 6 };

describe('firstFailedCheck', () => {
  it('fails required on an empty or blank value and an unticked box', () => {
    expect(firstFailedCheck('', [required], {})).toEqual(required);
    expect(firstFailedCheck('   ', [required], {})).toEqual(required);
    expect(firstFailedCheck(false, [required], {})).toEqual(required);
    expect(firstFailedCheck(true, [required], {})).toBeUndefined();
  });

  it('checks the email shape', () => {
    expect(firstFailedCheck('player@example.com', [email], {})).toBeUndefined();
    expect(firstFailedCheck('player@example', [email], {})).toEqual(email);
    expect(firstFailedCheck('player example.com', [email], {})).toEqual(email);
    expect(firstFailedCheck('a@b@c.com', [email], {})).toEqual(email);
  });

  it('asks for at least the minimum length', () => {
    expect(firstFailedCheck('12345', [min6], {})).toEqual(min6);
    expect(firstFailedCheck('123456', [min6], {})).toBeUndefined();
  });

  it('compares with another field', () => {
    const matches: FieldCheck = { rule: 'matches', field: 'newPassword' };
    expect(firstFailedCheck('secret1', [matches], { newPassword: 'secret2' })).toEqual(matches);
    expect(firstFailedCheck('secret1', [matches], { newPassword: 'secret1' })).toBeUndefined();
  });

  it('reports the first failing check in order', () => {
    expect(firstFailedCheck('', [required, min6], {})).toEqual(required);
    expect(firstFailedCheck('abc', [required, email, min6], {})).toEqual(email);
  });

  it('lets every check but required pass on an empty value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<FieldCheck>(email, min6, { rule: 'matches', field: 'x' }),
        (check) => {
          expect(firstFailedCheck('', [check], { x: 'something' })).toBeUndefined();
        },
      ),
    );
  });
});
