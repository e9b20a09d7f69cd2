import { Link } from 'react-router';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadState } from '../../ui/load-state';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { useSegments } from '../api/admin-segments';
import { DataTable } from '../components/paged-table';
import { describeRule, segmentStateText } from '../segments.fns';

export const meta = () => adminMeta('Segments');

/**
 * Player segments (decision 050, 062): flag segments, written by code, and rule segments, whose
 * members are computed from the player's data; each rule segment opens its editor.
 */
export default function AdminSegments() {
  const query = useSegments();
  return (
    <>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Segments</h1>
        <Link to="/admin/segments/new" className={buttonClass('primary', 'sm')}>
          New segment
        </Link>
      </div>
      <p className="mb-4 max-w-3xl text-sm text-text-muted">
        Bonuses and quests can be limited to segments. A rule segment holds every player for whom
        all its conditions hold; after an edit every player is re-checked in the background. A
        retired segment is kept for history, with no members.
      </p>
      <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={6}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState text="No segment yet." />
          ) : (
            <DataTable
              caption="Segments"
              rows={data}
              rowKey={(s) => String(s.id)}
              columns={[
                { header: 'Id', numeric: true, cell: (s) => String(s.id) },
                {
                  header: 'Name',
                  cell: (s) =>
                    s.editable || s.retiredAt ? (
                      <Link to={`/admin/segments/${s.id}`} className="text-accent hover:underline">
                        {s.name}
                      </Link>
                    ) : (
                      s.name
                    ),
                },
                { header: 'Rule', cell: (s) => describeRule(s.rule) },
                { header: 'Members', numeric: true, cell: (s) => String(s.members) },
                { header: 'State', cell: (s) => segmentStateText(s) },
                {
                  header: 'Editing',
                  cell: (s) =>
                    s.editable
                      ? 'Editable'
                      : s.retiredAt
                        ? 'Retired (read only)'
                        : s.rule
                          ? 'Kept by code'
                          : 'Flag (read only)',
                },
              ]}
            />
          )
        }
      </LoadState>
    </>
  );
}
