import { Link } from 'react-router';
import { adminMeta } from '../admin-meta';
import { sectionsFor } from '../nav.fns';
import { useStaff } from '../use-staff';

export const meta = () => adminMeta('Overview');

/** What this role may do, one card per section. */
export default function AdminOverview() {
  const staff = useStaff();
  const sections = sectionsFor(staff.permissions);
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold">Back office</h1>
      {sections.length === 0 ? (
        <p>The {staff.role} role has no back-office screens yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.path} className="rounded-xl border border-border bg-surface p-4">
              <h2 className="font-semibold">
                <Link to={section.path} className="hover:underline">
                  {section.label}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-text-muted">{section.summary}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
