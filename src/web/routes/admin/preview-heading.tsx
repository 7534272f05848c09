import { Link } from 'react-router';
import { issueAdminPath } from './issues-page.js';

/** The head of an admin preview: its title, the way back to the issue, and whether readers can see it yet. */
export function PreviewHeading({ issue, notice }: { issue: Parameters<typeof issueAdminPath>[0]; notice: string }) {
  return (
    <>
      <div className="page-title">
        <h1>Preview</h1>
        <Link to={issueAdminPath(issue)}>Back to the issue</Link>
      </div>
      <p className="flash flash-info" role="status">
        {notice}
      </p>
    </>
  );
}
