import { createContext, useContext } from 'react';
import type { StaffMe } from '@coinfall/shared/contracts/admin';
import type { StaffPermission } from '@coinfall/shared/admin-permissions';

/**
 * The signed-in staff member, as the frame hands it to every page under it. A context of our
 * own, not the router's outlet context: that hook is React Router code the player site never
 * uses, and it would land in the router chunk every player page loads (home JS budget).
 */
export const StaffContext = createContext<StaffMe | null>(null);

export function useStaff(): StaffMe & { may: (permission: StaffPermission) => boolean } {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff() outside the back-office frame');
  return { ...staff, may: (permission) => staff.permissions.includes(permission) };
}
