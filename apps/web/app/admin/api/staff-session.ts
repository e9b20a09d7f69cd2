import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffChallenge, StaffMe, StaffSignedIn } from '@coinfall/shared/contracts/admin';
import { staffApi, staffQueryClient } from './staff-client';

/** The signed-in staff member (GET /api/admin/me): role, permissions, idle timeout. */
export const staffMeQuery = queryOptions({
  queryKey: ['staff', 'me'] as const,
  queryFn: () => staffApi.get<StaffMe>('/api/admin/me', { skipGlobalHandler: true }),
  staleTime: 60_000,
});

export function useStaffMe() {
  return useQuery(staffMeQuery, staffQueryClient);
}

/** Step 1: email and password → the challenge (and the enrolment on a first sign-in). */
export function sendPassword(body: { email: string; password: string }): Promise<StaffChallenge> {
  return staffApi.post<StaffChallenge>('/api/admin/session/password', {
    body,
    skipGlobalHandler: true,
  });
}

/** Step 2: the challenge with a TOTP code or a recovery code → the session cookie. */
export async function sendSecondFactor(
  body: { challenge: string } & ({ code: string } | { recoveryCode: string }),
): Promise<StaffSignedIn> {
  const signedIn = await staffApi.post<StaffSignedIn>('/api/admin/session/totp', {
    body,
    skipGlobalHandler: true,
  });
  staffQueryClient.clear();
  staffQueryClient.setQueryData(staffMeQuery.queryKey, signedIn.staff);
  return signedIn;
}

/** Ends the session (the server clears the cookie). The sign-in page then forgets the cache. */
export async function signOut(): Promise<void> {
  await staffApi.delete<void>('/api/admin/session', { skipGlobalHandler: true });
}

/**
 * Forgets every staff datum held in this tab. The sign-in page calls it once the frame is gone:
 * clearing while the frame still watches /me would ask the server again, race the navigation
 * and lose why the staff member was sent to sign in.
 */
export function forgetStaffData(): void {
  staffQueryClient.clear();
}
