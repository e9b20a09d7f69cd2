import { z } from 'zod';
import { errorBodySchema, fieldIssueSchema, type ErrorCode } from '@coinfall/shared/errors';

/**
 * A failed call as every feature reads it: the HTTP status and the parts of the shared error
 * body `{ code, message, details }`. Failure mappers take this, never the raw body.
 */
export interface ApiFailure {
  status: number;
  code: ErrorCode | undefined;
  /** The server's own words; '' when the answer had none. */
  message: string;
  details: ErrorDetails | undefined;
}

/**
 * The shared schema, part by part: an answer that is not ours (a proxy's page, no body) or that
 * lacks a part still yields the parts it has, and a malformed field issue drops alone.
 */
const errorAnswerSchema = z.object({
  code: errorBodySchema.shape.code.optional().catch(undefined),
  message: z.string().catch(''),
  details: z
    .object({
      fields: z
        .array(z.unknown())
        .transform((issues) =>
          issues.flatMap((issue) => {
            const parsed = fieldIssueSchema.safeParse(issue);
            return parsed.success ? [parsed.data] : [];
          }),
        )
        .optional()
        .catch(undefined),
    })
    .catchall(z.unknown())
    .optional()
    .catch(undefined),
});

export type ErrorDetails = NonNullable<z.infer<typeof errorAnswerSchema>['details']>;

/** Reads an error answer once (the client does it for every failing call). */
export function readApiFailure(status: number, body: unknown): ApiFailure {
  const parsed = errorAnswerSchema.safeParse(typeof body === 'object' && body !== null ? body : {});
  const { code, message, details } = parsed.success
    ? parsed.data
    : { code: undefined, message: '', details: undefined };
  return { status, code, message, details };
}

export class ApiError extends Error implements ApiFailure {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly details: ErrorDetails | undefined;

  constructor(status: number, body: unknown) {
    const failure = readApiFailure(status, body);
    super(failure.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = failure.code;
    this.details = failure.details;
  }
}

/** Field problems of a 400 answer, keyed by the input name without its `body.`/`query.` part. */
export function fieldIssuesOf(
  failure: Pick<ApiFailure, 'details'>,
  aliases: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of failure.details?.fields ?? []) {
    const inputName = issue.field.replace(/^(body|query)\./, '');
    fields[aliases[inputName] ?? inputName] ??= issue.message;
  }
  return fields;
}
