import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong.';
  return (
    <main id="main" className="page">
      <h1>Sorry</h1>
      <p>{message}</p>
      <Link to="/">Back to the home page</Link>
    </main>
  );
}
