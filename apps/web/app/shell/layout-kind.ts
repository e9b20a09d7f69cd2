import { useMatches } from 'react-router';

/** Spec §2 layouts; a route picks one with `export const handle = { layout: 'lite' }`. */
/** `bare`: the page alone (the game client inside its iframe). */
export type LayoutKind = 'default' | 'lite' | 'locked' | 'bare';
export interface ShellHandle {
  layout?: LayoutKind;
}

/** The layout set by the deepest route that sets one; default otherwise. */
export function useLayoutKind(): LayoutKind {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i]?.handle as ShellHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return 'default';
}
