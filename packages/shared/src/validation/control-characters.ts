/**
 * Control characters never belong in what a client sends us: NUL cannot even be stored in a
 * PostgreSQL text column, and the others (ESC, BEL, DEL…) only ever arrive to forge log lines or
 * break a page. Tab, line feed and carriage return stay allowed for multi-line text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The path (keys from the root) of the first string — value or object key — in `input` that
 * holds a control character (depth first, the first found); null when there is none. Walks plain JSON input (objects, arrays,
 * strings) depth first with a stack of its own, so no nesting depth can overflow the call stack.
 */
export function controlCharacterPath(input: unknown): string[] | null {
  interface Step {
    value: unknown;
    key: string | null;
    parent: Step | null;
  }
  const pathOf = (step: Step | null, last?: string): string[] => {
    const keys = last === undefined ? [] : [last];
    for (let s = step; s?.key != null; s = s.parent) keys.push(s.key);
    return keys.reverse();
  };
  const pending: Step[] = [{ value: input, key: null, parent: null }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const { value } = step;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) return pathOf(step);
    } else if (value !== null && typeof value === 'object') {
      const entries: [string, unknown][] = Array.isArray(value)
        ? value.map((item: unknown, i) => [String(i), item])
        : Object.entries(value);
      // Pushed last to first, so the first entry is looked at first.
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, item] = entries[i]!;
        if (!Array.isArray(value) && hasControlCharacter(key)) return pathOf(step, key);
        pending.push({ value: item, key, parent: step });
      }
    }
  }
  return null;
}
