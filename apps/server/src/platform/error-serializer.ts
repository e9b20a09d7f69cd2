import { stdSerializers } from 'pino';

/**
 * Properties of database errors that hold values rather than the statement: the bound
 * parameters (Drizzle's DrizzleQueryError, PGlite's errors), PostgreSQL's `detail` ("Key
 * (email)=(…) already exists", "Failing row contains (…)") and `where` (the context, which may
 * quote a statement with its values).
 */
const VALUE_KEYS = ['params', 'parameters', 'queryOptions', 'detail', 'where'] as const;

type Loggable = Record<string, unknown>;
const isObject = (value: unknown): value is Loggable => typeof value === 'object' && value !== null;

/**
 * The texts to cut out of messages and stacks: DrizzleQueryError writes its parameters into its
 * message (`Failed query: <sql>\nparams: <values>`), and the stack repeats the message.
 */
function parameterTexts(err: unknown): string[] {
  const texts: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = err; isObject(e) && !seen.has(e); e = e.cause) {
    seen.add(e);
    if (Array.isArray(e.params)) texts.push(`\nparams: ${String(e.params)}`);
  }
  return texts;
}

function withoutValues(serialized: Loggable, texts: string[], depth: number): void {
  for (const key of VALUE_KEYS) delete serialized[key];
  for (const key of ['message', 'stack'] as const) {
    const text = serialized[key];
    if (typeof text !== 'string') continue;
    serialized[key] = texts.reduce((kept, cut) => kept.replaceAll(cut, ''), text);
  }
  if (depth === 0) return;
  for (const value of Object.values(serialized)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isObject(item)) withoutValues(item, texts, depth - 1);
    } else if (isObject(value)) withoutValues(value, texts, depth - 1);
  }
}

/** What pino logs of an error: its type, message and stack (causes appended), and its fields. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * pino's `err` serializer without the values of failed statements (issue 13, item 9): a failed
 * query is logged with its SQL text, its error code and its constraint, never with what was
 * bound to it — players' emails, names, addresses and tax numbers stay out of the logs.
 */
export function serializeError(err: Error): LoggedError {
  const serialized = stdSerializers.err(err) as unknown as LoggedError;
  withoutValues(serialized, parameterTexts(err), 3);
  return serialized;
}
