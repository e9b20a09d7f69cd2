import { Link } from 'react-router';
import { adminMeta } from '../admin-meta';

export const meta = () => adminMeta('Not found');

export default function AdminNotFound() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">No such page</h1>
      <p>
        <Link to="/admin" className="text-accent underline">
          Back to the overview
        </Link>
      </p>
    </>
  );
}
