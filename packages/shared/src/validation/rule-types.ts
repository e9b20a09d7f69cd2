/** Values of a whole form, keyed by input name; rules that compare inputs read from here. */
export type FormValues = Readonly<Record<string, unknown>>;

/** A literal `YYYY-MM-DD`, `today`, or the name of another input holding a date. */
export interface DateComparison {
  other: string;
}

/** What each rule of spec §5 takes as parameters; `undefined` means none. */
export interface RuleParamMap {
  required: undefined;
  required_if: { field: string; value: unknown };
  accepted: undefined;
  declined: undefined;
  countryCode: undefined;
  languageCode: undefined;
  phone: undefined;
  name: undefined;
  date: undefined;
  before: DateComparison;
  after: DateComparison;
  date_equals: DateComparison;
  before_or_equal: DateComparison;
  after_or_equal: DateComparison;
  alpha_dash: undefined;
  boolean: undefined;
  /** Defaults to the input named `<field>_confirmation`. */
  confirmed: { field?: string } | undefined;
  different: { field: string };
  digits: { length: number };
  digits_between: { min: number; max: number };
  max: { max: number };
  min: { min: number };
  between: { min: number; max: number };
  regex: { pattern: RegExp | string };
  not_regex: { pattern: RegExp | string };
  array: undefined;
  string: undefined;
  lowercase: undefined;
  uppercase: undefined;
  /** Defaults to 18 years. */
  minAge: { years?: number } | undefined;
  maxAge: { years: number };
  postalCode: undefined;
  email: undefined;
  url: undefined;
  /** Either version unless one is given. */
  ip: { version?: 4 | 6 } | undefined;
  mac: undefined;
  integer: undefined;
  decimal: undefined;
  numeric: undefined;
  cardNumber: undefined;
  and: { rules: readonly RuleSpec[] };
  or: { rules: readonly RuleSpec[] };
  not: { rule: RuleSpec };
}

export type RuleName = keyof RuleParamMap;

/** One rule with its parameters, as plain data the server and the web forms both read. */
export type RuleSpec = {
  [K in RuleName]: undefined extends RuleParamMap[K]
    ? { rule: K; params?: RuleParamMap[K] }
    : { rule: K; params: RuleParamMap[K] };
}[RuleName];

export type FailureParams = Record<string, string | number>;

/** A failed rule; the text is resolved later from content (see `formatRuleMessage`). */
export interface RuleFailure {
  rule: RuleName;
  params: FailureParams;
  /** A finer message key: the phone parse error, or `min_value`/`max_value` for numbers. */
  code?: string;
}

export type RuleResult = true | RuleFailure;

export interface RuleContext {
  form: FormValues;
  /** Name of the input under validation (for `confirmed`'s default partner). */
  field: string;
  /** Injected so age rules are deterministic; its local calendar date counts. */
  today: Date;
}

export type RuleFn<K extends RuleName> = (
  value: unknown,
  params: RuleParamMap[K],
  ctx: RuleContext,
) => RuleResult;

export function fail(rule: RuleName, params: FailureParams = {}, code?: string): RuleFailure {
  return code === undefined ? { rule, params } : { rule, params, code };
}

/** undefined, null, blank string or empty array: what "no value" means to every rule. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}
