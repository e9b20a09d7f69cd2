import { fieldIssuesOf, readApiFailure } from './api-error.ts';

const error = (code: string, details?: unknown) => ({
  code,
  message: 'm',
  requestId: 'r',
  details,
});

describe('readApiFailure', () => {
  it('reads the shared error body into status, code, message and details', () => {
    expect(readApiFailure(429, error('RATE_LIMITED', { retryAfterSeconds: 3 }))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'm',
      details: { retryAfterSeconds: 3 },
    });
  });

  it('keeps the parts it can read of an answer that is not ours', () => {
    expect(readApiFailure(502, '<html>bad gateway</html>')).toEqual({
      status: 502,
      code: undefined,
      message: '',
      details: undefined,
    });
    expect(readApiFailure(403, { code: 'NOT_A_CODE', message: 'x' })).toMatchObject({
      code: undefined,
      message: 'x',
    });
  });
});

// Moved from the account feature's tests with the reader they checked.
describe('fieldIssuesOf', () => {
  it('keeps the first message of each field', () => {
    expect(
      fieldIssuesOf(
        readApiFailure(
          400,
          error('VALIDATION_FAILED', {
            fields: [
              { field: 'body.password', message: 'first' },
              { field: 'body.password', message: 'second' },
              { nonsense: true },
            ],
          }),
        ),
      ),
    ).toEqual({ password: 'first' });
  });
});
