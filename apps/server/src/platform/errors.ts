import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '@coinfall/shared';

/** The one error type services throw. The error handler turns it into the wire shape. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { fields?: FieldIssue[] } & Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} not found`);
  }

  static invalid(field: string, message: string): AppError {
    return new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });
  }
}
