import type { FormEvent } from 'react';
import { Link, NavLink, Outlet, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { ADMIN_LOGIN_PATH, requireAdminSession } from '../../features/admin-shell/admin-request.js';
import { ConfirmProvider } from '../../components/confirm-dialog.js';
import { FlashMessage, FlashProvider } from '../../features/admin-shell/flash.js';
import { clearSession, getSession } from '../../lib/session.js';
import { useResettableText } from '../../lib/use-resettable-text.js';
import '../../styles/admin.css';

/** The shell checks the stored token once when the area is entered (specification: States and transitions). */
export async function adminShellLoader() {
  return { user: await requireAdminSession() };
}

export const adminShellShouldRevalidate = () => false;

/** A publisher admin, as the server's check of the token says (read with care: older servers do not say). */
const isPublisher = (user: object) => (user as { publisher?: unknown }).publisher === true;

interface Section {
  to: string;
  label: string;
  end?: boolean;
}

const SECTIONS: Section[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/archives', label: 'Archives' },
  { to: '/admin/editors', label: 'Editors' },
  { to: '/admin/indexing', label: 'Indexing' },
  { to: '/admin/pages', label: 'Pages' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/activity', label: 'Activity' },
  { to: '/admin/statistics', label: 'Statistics' },
  { to: '/admin/import', label: 'Import' },
];
/** Shown to publisher admins only: the installation's journals (decision 095). */
const PUBLISHER_SECTIONS: Section[] = [{ to: '/admin/journals', label: 'Journals' }];

function AdminSearch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useResettableText(params.get('q') ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    navigate(`/admin/search?q=${encodeURIComponent(text.trim())}`);
  }

  return (
    <form className="admin-search" role="search" onSubmit={submit}>
      <input
        type="search"
        aria-label="Search articles"
        placeholder="Ref no, title, author, txn id"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}

/** What a staff user sees instead of the admin area: where their account does work. */
function WorklogOnlyNotice({ name, onLogout }: { name: string; onLogout: () => void }) {
  return (
    <main className="admin-login">
      <section className="admin-card admin-login-form" aria-labelledby="worklog-only-title">
        <h1 id="worklog-only-title">Work-log only</h1>
        <p>
          You are signed in as {name}. Your account can use the work-log only; the admin area is for administrators.
        </p>
        <Link to="/webdata" className="button-primary">
          Open the work-log
        </Link>
        <button type="button" className="admin-logout" onClick={onLogout}>
          Logout
        </button>
      </section>
    </main>
  );
}

export function AdminShell() {
  const { user } = useLoaderData<typeof adminShellLoader>();
  const navigate = useNavigate();
  // The name may change on the account page; the stored login holds the current one.
  const name = getSession()?.user.name ?? user.name;

  function logout() {
    clearSession();
    navigate(ADMIN_LOGIN_PATH, { replace: true });
  }

  // The role comes from the server's check of the token, not from what the browser stored.
  if (user.role !== 'admin') return <WorklogOnlyNotice name={name} onLogout={logout} />;

  return (
    <FlashProvider>
      <ConfirmProvider>
        <div className="admin">
          <header className="admin-bar">
            <Link to="/admin" className="admin-home">
              Home
            </Link>
            <AdminSearch />
            <Link to={`/admin/account/${user.id}`} className="admin-user">
              {name}
            </Link>
            <a href="/" className="admin-site">
              Site
            </a>
            <button type="button" className="admin-logout" onClick={logout}>
              Logout
            </button>
          </header>
          <nav className="admin-nav" aria-label="Admin sections">
            {[...SECTIONS, ...(isPublisher(user) ? PUBLISHER_SECTIONS : [])].map((section) => (
              <NavLink key={section.to} to={section.to} end={section.end}>
                {section.label}
              </NavLink>
            ))}
          </nav>
          <main className="admin-main">
            <FlashMessage />
            <Outlet />
          </main>
        </div>
      </ConfirmProvider>
    </FlashProvider>
  );
}
