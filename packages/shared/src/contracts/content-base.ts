import { z } from 'zod';

/** Building blocks of the content schemas: texts, templates with declared placeholders, links. */
// Building blocks. Text is never blank and carries no braces unless it is a template, and a
// template may only use the placeholders its field declares: "{summ}" fails at start-up.

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;
export const NOT_BLANK = /\S/;

/** Plain player-facing text. */
export const contentTextSchema = z
  .string()
  .regex(NOT_BLANK, 'Text must not be blank')
  .refine((s) => !/[{}]/.test(s), 'No placeholder is allowed in this text');

/** Text with `{name}` placeholders; `required` ones must appear (a bound the player needs). */
export function contentTemplateSchema(
  allowed: readonly string[],
  required: readonly string[] = [],
) {
  return z
    .string()
    .regex(NOT_BLANK, 'Text must not be blank')
    .superRefine((value, ctx) => {
      if (/[{}]/.test(value.replace(PLACEHOLDER, '')))
        ctx.addIssue({ code: 'custom', message: 'Unbalanced "{" or "}"' });
      const used = [...value.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
      for (const name of used.filter((n) => !allowed.includes(n))) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown placeholder {${name}}; allowed: ${allowed.map((a) => `{${a}}`).join(' ') || 'none'}`,
        });
      }
      for (const name of required.filter((n) => !used.includes(n))) {
        ctx.addIssue({ code: 'custom', message: `Missing placeholder {${name}}` });
      }
    });
}

/** Site paths are unlocalized ("/games"; the site adds the prefix), "#support-chat" or https. */
export const contentUrlSchema = z
  .string()
  .regex(
    /^(\/(?!\/)\S*|#[\w-]+|https:\/\/\S+|mailto:\S+@\S+)$/,
    'Expected "/path", "#anchor", an https:// or a mailto: URL',
  );
export const contentImageSchema = z
  .string()
  .regex(
    /^(\/(?!\/)|https:\/\/)\S+\.(svg|png|jpe?g|webp|avif)$/,
    'Expected an image path such as /images/x.svg',
  );
export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Expected a kebab-case slug');
export const colorSchema = z.string().regex(/^#[0-9a-f]{6}$/i, 'Expected a #rrggbb colour');

/** A strict object with one schema per key: every key required, no unknown key allowed. */
export function strictGroup<const K extends string, V extends z.ZodType>(
  keys: readonly K[],
  schemaFor: (key: K) => V,
) {
  return z.strictObject(Object.fromEntries(keys.map((k) => [k, schemaFor(k)])) as Record<K, V>);
}

/** A strict object of texts, one per key, all with the same value schema. */
export function textGroup<const K extends string>(
  keys: readonly K[],
  value: z.ZodString = contentTextSchema,
) {
  return strictGroup(keys, () => value);
}

/** Refuses a keyed document that lacks one of the keys the site links to. */
export function withKeys<T extends Record<string, unknown>>(
  schema: z.ZodType<T>,
  keys: readonly string[],
) {
  return schema.superRefine((doc, ctx) => {
    for (const k of keys.filter((k) => !(k in doc)))
      ctx.addIssue({ code: 'custom', path: [k], message: `Missing page "${k}"` });
  });
}

export const buttonSchema = z.strictObject({ label: contentTextSchema, url: contentUrlSchema });
