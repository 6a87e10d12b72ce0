// The route error boundary (SPEC §8): shows the message and status (default 500); the /404/
// page is this boundary with status 404 and 'This page could not be found'.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from './ErrorView';

function describe(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    return { status: error.status, message: typeof error.data === 'string' ? error.data : error.statusText };
  }
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
  return { status, message: error instanceof Error ? error.message : String(error ?? '') };
}

export function ErrorPage() {
  return <ErrorView {...describe(useRouteError())} />;
}
