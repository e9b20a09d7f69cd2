import { describe, expect, it } from 'vitest';
import { RpcOutcomeUnknown } from '../features/realtime/realtime-rpc.fns';
import { ApiError } from '../lib/api/api-error';
import { failureText } from './failure.fns';

describe('failureText', () => {
  it('says a socket write without an answer may have been saved, not to simply retry', () => {
    const { formError } = failureText(new RpcOutcomeUnknown({ code: 1, message: 'timeout' }));
    expect(formError).toMatch(/may have been saved/);
    expect(formError).not.toMatch(/could not be reached/);
  });

  it('says the server could not be reached when the request never got an answer', () => {
    expect(failureText(new TypeError('Failed to fetch')).formError).toMatch(/could not be reached/);
  });

  it("shows the server's own message for a refusal", () => {
    const refusal = new ApiError(409, { code: 'CONFLICT', message: 'The conversation is closed' });
    expect(failureText(refusal).formError).toBe('The conversation is closed');
  });
});
