import { Outlet } from 'react-router';

export default function Guard() {
  return <Outlet />;
}
