import { Link, useLoaderData } from 'react-router';
import { adminLoad } from '../../features/admin-shell/admin-request.js';

interface Counts {
  archives: number;
  editors: number;
}

export const dashboardLoader = () => adminLoad<Counts>('/api/admin/');

export function DashboardPage() {
  const counts = useLoaderData<typeof dashboardLoader>();
  return (
    <section>
      <h1>Dashboard</h1>
      <div className="dashboard-cards">
        <Link to="/admin/archives" className="dashboard-card">
          <span className="dashboard-label">Archives</span>
          <strong className="dashboard-count">{counts.archives}</strong>
        </Link>
        <Link to="/admin/editors" className="dashboard-card">
          <span className="dashboard-label">Editors</span>
          <strong className="dashboard-count">{counts.editors}</strong>
        </Link>
      </div>
    </section>
  );
}
