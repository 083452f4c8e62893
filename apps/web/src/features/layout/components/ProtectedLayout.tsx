import { Navigate } from 'react-router';
import { PageLoading } from '../../../components/PageLoading';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { AppShell } from './AppShell';

/** Signed-in pages: 'Loading...' while the session is being determined, /login without a user. */
export function ProtectedLayout() {
  const { user, isLoading, isFetching } = useCurrentUser();
  if (user === undefined || isLoading || (user === null && isFetching)) return <PageLoading />;
  if (user === null) return <Navigate to="/login" replace />;
  return <AppShell user={user} />;
}
