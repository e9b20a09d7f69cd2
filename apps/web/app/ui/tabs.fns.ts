/**
 * The tab a key moves to in a tab list (WAI-ARIA tabs, automatic activation): arrows wrap
 * around, Home and End go to the ends; undefined for any other key.
 */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | undefined {
  const index = Math.max(tabs.indexOf(current), 0);
  const last = tabs.length - 1;
  const moves: Record<string, number> = {
    ArrowRight: index === last ? 0 : index + 1,
    ArrowLeft: index === 0 ? last : index - 1,
    Home: 0,
    End: last,
  };
  const target = moves[key];
  return target === undefined ? undefined : tabs[target];
}

/** The tab a URL hash names, or the first (default) tab. */
export function tabFromHash<T extends string>(tabs: readonly [T, ...T[]], hash: string): T {
  const name = hash.replace(/^#/, '');
  return tabs.find((tab) => tab === name) ?? tabs[0];
}
