import { isRouteErrorResponse, useRouteError } from 'react-router';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.data ?? error.status);
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The screen for an unexpected routing failure (specification: Public layout). */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <div id="error-page" className="error-page">
      <h1>Oops!</h1>
      <p>Sorry, an unexpected error has occurred.</p>
      <p>
        <i>{messageOf(error)}</i>
      </p>
    </div>
  );
}
