import { Link } from 'react-router';
import type { AdminPlayerProfile } from '@coinfall/shared/contracts/admin-players';
import { EmptyState } from '../../ui/empty-state';
import { formatInstant, playerStatusName } from '../format.fns';
import { DataTable } from './paged-table';

const linkClass = 'text-accent hover:underline';
const searchFor = (visitorId: string) => `/admin/players?q=${encodeURIComponent(visitorId)}`;

/**
 * The player's devices (FingerprintJS visitor ids, decision 049) and the other players seen on
 * them: the multi-accounting check. A visitor id links to the search of everyone seen on it.
 */
export function DevicesPanel({
  devices,
  sharedDevices,
}: Pick<AdminPlayerProfile, 'devices' | 'sharedDevices'>) {
  if (devices.length === 0) {
    return <EmptyState text="No device reported yet (the site's fingerprint may be off)." />;
  }
  return (
    <div className="space-y-6">
      <section aria-labelledby="shared-devices">
        <h2 id="shared-devices" className="mb-2 text-lg font-semibold">
          Players sharing a device
        </h2>
        {sharedDevices.length === 0 ? (
          <EmptyState text="No other player was seen on these devices." />
        ) : (
          <DataTable
            caption="Other players seen on this player's devices, last seen first"
            rows={sharedDevices}
            rowKey={(p) => p.playerId}
            columns={[
              {
                header: 'Player',
                cell: (p) => (
                  <Link to={`/admin/players/${p.playerId}`} className={linkClass}>
                    {p.email}
                  </Link>
                ),
              },
              { header: 'Nickname', cell: (p) => p.nickname ?? '—' },
              { header: 'Status', cell: (p) => playerStatusName(p.status) },
              { header: 'Shared devices', cell: (p) => String(p.visitorIds.length) },
              { header: 'Last seen on them', cell: (p) => formatInstant(p.lastSeenAt) },
            ]}
          />
        )}
      </section>
      <section aria-labelledby="player-devices">
        <h2 id="player-devices" className="mb-2 text-lg font-semibold">
          Devices
        </h2>
        <DataTable
          caption="The player's devices, last seen first"
          rows={devices}
          rowKey={(d) => d.visitorId}
          columns={[
            {
              header: 'Visitor id',
              cell: (d) => (
                <Link to={searchFor(d.visitorId)} className={linkClass}>
                  <code className="text-xs">{d.visitorId}</code>
                </Link>
              ),
            },
            { header: 'First seen', cell: (d) => formatInstant(d.firstSeenAt) },
            { header: 'Last seen', cell: (d) => formatInstant(d.lastSeenAt) },
            { header: 'Sessions', numeric: true, cell: (d) => String(d.count) },
          ]}
        />
      </section>
    </div>
  );
}
