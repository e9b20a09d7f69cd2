import { Outlet } from 'react-router';
import { adminMeta } from '../admin-meta';

/**
 * The back office's root (decision 038). `bare` keeps the player shell out: no header, drawer,
 * modal host, toasts, realtime connection or support chat — the root renders this subtree alone.
 */
export const handle = { layout: 'bare' };

export const meta = () => adminMeta('Back office');

/** Staff pages are never indexed nor cached by anything between the browser and us. */
export const headers = () => ({
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
});

export default function AdminRoot() {
  return (
    <div className="min-h-dvh bg-bg text-text">
      <Outlet />
    </div>
  );
}
