import { Link } from 'react-router';
import { LoadState } from '../../ui/load-state';
import { Tabs, useHashTab } from '../../ui/tabs';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { usePlayerProfile } from '../api/admin-players';
import { useCurrencies } from '../api/currencies';
import { PlayerActions } from '../components/player-actions';
import { PROFILE_TAB_LABELS, PROFILE_TABS, ProfilePanel } from '../components/player-sections';
import { playerStatusName } from '../format.fns';

export const meta = () => adminMeta('Player');

/** A player's profile in tabs (the tab in the URL hash), with the actions the role may take. */
/** The route's params come as a prop: React Router's useParams is not in the site's chunks. */
export default function AdminPlayer({ params }: { params: { id?: string } }) {
  const id = params.id ?? '';
  const query = usePlayerProfile(id);
  const currencies = useCurrencies().data;
  const [tab, selectTab] = useHashTab(PROFILE_TABS);

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/players" className="text-accent hover:underline">
          ← Players
        </Link>
      </p>
      <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={6}>
        {(profile) => (
          <>
            <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
              <div>
                <h1 className="text-2xl font-bold break-all">{profile.player.email}</h1>
                <p className="text-sm text-text-muted">
                  {profile.player.nickname ?? 'No nickname'} ·{' '}
                  <span data-testid="player-status">
                    {profile.player.removed ? 'Removed' : playerStatusName(profile.player.status)}
                  </span>
                </p>
              </div>
              <PlayerActions profile={profile} />
            </div>
            <Tabs
              tabs={PROFILE_TABS}
              selected={tab}
              onSelect={selectTab}
              label="Player profile"
              labelOf={(t) => PROFILE_TAB_LABELS[t]}
            >
              <ProfilePanel tab={tab} profile={profile} currencies={currencies} />
            </Tabs>
          </>
        )}
      </LoadState>
    </>
  );
}
