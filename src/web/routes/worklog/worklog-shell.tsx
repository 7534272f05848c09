import type { FormEvent } from 'react';
import { Link, Outlet, useLoaderData, useLocation, useNavigate, useSearchParams } from 'react-router';
import { clearSession } from '../../lib/session.js';
import { checkSession } from '../../lib/session-guard.js';
import { useResettableText } from '../../lib/use-resettable-text.js';
import '../../styles/worklog.css';

/** Only shows who is signed in: the page loaders beside it decide where a visitor without a valid login goes. */
export async function worklogShellLoader() {
  const check = await checkSession();
  return { user: check.kind === 'signed-in' ? check.user : null };
}

/** The login is checked when the area is entered, not on every move inside it. */
export const worklogShellShouldRevalidate = () => false;

function SearchForm() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = params.get('search') ?? '';
  const [text, setText] = useResettableText(current);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Searching from the add form searches every entry.
    const path = pathname.startsWith('/webdata/addentris') ? '/webdata' : pathname;
    const query = text.trim();
    navigate(query ? `${path}?search=${encodeURIComponent(query)}` : path);
  }

  return (
    <form className="worklog-search" role="search" onSubmit={submit}>
      <label htmlFor="worklog-search" className="visually-hidden">
        Search entries
      </label>
      <input
        id="worklog-search"
        type="search"
        placeholder="Search…"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}

export function WorklogShell() {
  const { user } = useLoaderData<typeof worklogShellLoader>();
  const navigate = useNavigate();

  function logout() {
    clearSession();
    navigate('/webdata/login', { replace: true });
  }

  return (
    <div className="worklog">
      <header className="worklog-bar">
        <Link to="/" className="worklog-home">
          Home
        </Link>
        <SearchForm />
        <span className="worklog-user">User: {user?.name}</span>
        <button type="button" className="worklog-logout" onClick={logout}>
          Logout
        </button>
      </header>
      <main className="worklog-main">
        <Outlet />
      </main>
    </div>
  );
}
