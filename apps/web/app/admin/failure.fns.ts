import { RpcOutcomeUnknown } from '../features/realtime/realtime-rpc.fns';
import { ApiError, fieldIssuesOf } from '../lib/api/api-error';

/**
 * A refused staff action in plain words for a form: the server's field problems on their fields,
 * its message on the form (it says what was wrong: "The payout is not pending"), the permission
 * a role lacks, the network, or a socket write that may have been saved.
 */
export function failureText(error: unknown): {
  formError: string;
  fieldErrors?: Record<string, string>;
} {
  if (error instanceof FormProblem)
    return { formError: error.message, fieldErrors: { [error.field]: error.message } };
  // A write on the socket whose answer never came: sending it again could store it twice.
  if (error instanceof RpcOutcomeUnknown)
    return {
      formError:
        'No answer came back from the server: this may have been saved. Check whether it shows up before trying again.',
    };
  if (!(error instanceof ApiError))
    return { formError: 'The server could not be reached. Check the connection and try again.' };
  if (error.status === 403 && error.code === 'FORBIDDEN')
    return { formError: `Not allowed: ${error.message || 'your role may not do this.'}` };
  const fieldErrors = fieldIssuesOf(error);
  const named = Object.keys(fieldErrors).length > 0;
  const message =
    error.message ||
    (error.status >= 500
      ? 'The server failed. Try again in a moment.'
      : `Refused (${error.status}).`);
  // The fields named in words too: a problem of a field the form lacks is never lost.
  const listed = Object.entries(fieldErrors)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
  return named ? { formError: `Check ${listed}.`, fieldErrors } : { formError: message };
}

/** A value the API would refuse, caught on the form before anything is sent. */
export class FormProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'FormProblem';
  }
}
