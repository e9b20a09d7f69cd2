import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import type { JsonSchema, Operation } from './openapi-operations.ts';

/** What the fuzzer does to an otherwise valid request. */
export type Mutation =
  | { kind: 'valid' }
  /** One input (body field, query or path parameter, header) replaced by `value`. */
  | { kind: 'replace'; pick: number; value: unknown }
  /** One required body field or parameter left out. */
  | { kind: 'drop'; pick: number }
  /** A key the schema does not know, prototype keys among them. */
  | { kind: 'extra'; key: string; value: unknown }
  /** The body sent as raw bytes under some content type. */
  | { kind: 'raw'; contentType: string | null; payload: string }
  /** A body past the configured size limit. */
  | { kind: 'oversize' };

export interface RequestCase {
  /** Seeds the valid request the mutation starts from. */
  seed: number;
  mutation: Mutation;
  /** Which of the operation's identities sends it. */
  identity: number;
}

const CONTROL = ['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\u007f', 'line\r\nbreak', '\u0085'];
const UNICODE = ['\ud800', 'e\u0301\u0301', '\u202eevil', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '🎰🎲', '\ufeff', 'ｆｕｌｌ'];
const TRICKY = [
  '',
  ' ',
  '../../etc/passwd',
  "' or 1=1 --",
  '%00',
  '%',
  '${7*7}',
  '<script>alert(1)</script>',
  'null',
  'NaN',
  '1e999',
  '-1',
  '99999999999999999999999',
  '0x10',
  '[]',
  '{}',
];
const NUMBERS = [-1, 0, -(2 ** 31), 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 0.5, -0.0001];
const WRONG_TYPES = [null, true, false, [], {}, [1, 2], { a: 1 }, 'text', 12345];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...CONTROL),
  fc.constantFrom(...UNICODE),
  fc.constantFrom(...TRICKY),
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(...WRONG_TYPES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constant('x'.repeat(20_000)),
);

const rawBody: fc.Arbitrary<Mutation> = fc
  .oneof(
    fc.constantFrom<[string | null, string]>(
      ['text/plain', 'hello'],
      ['application/xml', '<a>1</a>'],
      ['application/json', '{"a":'],
      ['application/json', '{"a":1}}'],
      ['application/json', 'null'],
      ['application/json', '"just a string"'],
      ['application/json', '[1,2,3]'],
      ['application/json', '{"__proto__":{"polluted":true}}'],
      ['application/json', '{"constructor":{"prototype":{"polluted":true}}}'],
      ['application/json', '\u0000'],
      ['application/json', '\ud800'],
      ['application/json; charset=latin1', '{}'],
      ['multipart/form-data', 'no boundary here'],
      ['multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data; name="file"'],
      ['application/x-www-form-urlencoded', 'a=1&b=2'],
      [null, '{}'],
    ),
    fc.constant(['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`] as const),
  )
  .map(([contentType, payload]) => ({ kind: 'raw' as const, contentType, payload }));

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Mutation>({ kind: 'valid' }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      pick: fc.nat(),
      value: hostileValue,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 })),
      value: hostileValue,
    }),
  },
  { weight: 3, arbitrary: rawBody },
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'oversize' }) },
);

export function caseArb(identities: number): fc.Arbitrary<RequestCase> {
  return fc.record({
    seed: fc.nat(),
    mutation: mutationArb,
    identity: fc.nat({ max: identities - 1 }),
  });
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** A schema-valid value, deterministic for a seed. */
function sample(schema: JsonSchema, seed: number): unknown {
  try {
    return generateSync(schema, { seed, maxItems: 3, maxLength: 24 });
  } catch {
    return undefined;
  }
}

/** Percent-encodes a path value; a lone surrogate goes as the bytes a careless client would send. */
function encodePathValue(text: string): string {
  return [...text]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

function asString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * Builds the request of one case: a valid request from the schemas, then the mutation applied
 * to one of its inputs. Inputs are numbered path, query, header parameters, then body fields.
 */
export function buildRequest(
  op: Operation,
  c: RequestCase,
  auth: Record<string, string>,
  bodyLimit: number,
): BuiltRequest {
  const params = op.parameters.map((p, i) => ({
    ...p,
    value: sample(p.schema, c.seed + i),
  }));
  const body = op.body ? sample(op.body, c.seed) : undefined;
  const bodyKeys =
    body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  const inputs = params.length + bodyKeys.length;
  const m = c.mutation;
  const dropped = new Set<number>();
  if ((m.kind === 'replace' || m.kind === 'drop') && inputs > 0) {
    const at = m.pick % inputs;
    const fields = body as Record<string, unknown>;
    if (at < params.length) {
      if (m.kind === 'drop') dropped.add(at);
      else params[at]!.value = m.value;
    } else if (m.kind === 'drop') delete fields[bodyKeys[at - params.length]!];
    else fields[bodyKeys[at - params.length]!] = m.value;
  }

  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...auth };
  params.forEach((p, i) => {
    const value = dropped.has(i) ? undefined : p.value;
    if (p.in === 'path') {
      path = path.replace(`{${p.name}}`, encodePathValue(asString(value) || 'x'));
    } else if (value !== undefined) {
      if (p.in === 'query') {
        if (Array.isArray(value)) value.forEach((v) => query.append(p.name, asString(v)));
        else query.append(p.name, asString(value));
      } else {
        // Header values cannot carry CR/LF or NUL; the HTTP layer refuses them before us.
        headers[p.name] = asString(value).replace(/[\r\n\0]/g, '');
      }
    }
  });
  if (m.kind === 'extra' && !op.body) query.append(m.key, asString(m.value));
  const qs = query.toString();
  const url = qs ? `${path}?${qs}` : path;

  if (m.kind === 'raw') {
    if (m.contentType) headers['content-type'] = m.contentType;
    return { method: op.method, url, headers, payload: m.payload };
  }
  if (m.kind === 'oversize') {
    headers['content-type'] = 'application/json';
    return {
      method: op.method,
      url,
      headers,
      payload: JSON.stringify({ pad: 'x'.repeat(bodyLimit) }),
    };
  }
  if (!op.body) return { method: op.method, url, headers };
  let payload = JSON.stringify(body ?? {});
  if (m.kind === 'extra') {
    // Written as text: a `__proto__` key in an object literal would set the prototype instead.
    const extra = `${JSON.stringify(m.key)}:${JSON.stringify(m.value ?? null)}`;
    payload =
      payload.startsWith('{') && payload !== '{}'
        ? `{${extra},${payload.slice(1)}`
        : payload === '{}'
          ? `{${extra}}`
          : payload;
  }
  headers['content-type'] = 'application/json';
  return { method: op.method, url, headers, payload };
}
