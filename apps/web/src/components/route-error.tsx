import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPanel } from './error-panel';
import { NotFound } from './not-found';

/** The router's errorElement: a 404 from the router is "Not Found", anything else the error panel. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPanel error={error} />;
}
