import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { shouldRevalidateIgnoringTracking } from './revalidation';

const args = (current: string, next: string, extra: Partial<ShouldRevalidateFunctionArgs> = {}) =>
  ({
    currentUrl: new URL(current, 'http://x'),
    nextUrl: new URL(next, 'http://x'),
    defaultShouldRevalidate: true,
    ...extra,
  }) as ShouldRevalidateFunctionArgs;

describe('shouldRevalidateIgnoringTracking', () => {
  it('skips loaders when only is_auth or marketing parameters changed', () => {
    expect(shouldRevalidateIgnoringTracking(args('/vip', '/vip?is_auth=false&utm_source=x'))).toBe(
      false,
    );
  });
  it('reloads on an explicit revalidate() of the same URL (after login or logout)', () => {
    expect(shouldRevalidateIgnoringTracking(args('/vip?is_auth=false', '/vip?is_auth=false'))).toBe(
      true,
    );
  });
  it('reloads when another parameter or the path changes, and after a form submission', () => {
    expect(shouldRevalidateIgnoringTracking(args('/vip', '/vip?modal=sign-in'))).toBe(true);
    expect(shouldRevalidateIgnoringTracking(args('/vip', '/games'))).toBe(true);
    expect(
      shouldRevalidateIgnoringTracking(args('/vip', '/vip?is_auth=true', { formMethod: 'POST' })),
    ).toBe(true);
  });
});
