import { Outlet } from '@tanstack/react-router';
import { useProfile } from '../../features/session/api/get-profile';
import { LoadingSplash } from '../../ui/loading-splash';
import { AppHeader } from './app-header';

/** The chrome of every signed-in page; children render only once the profile is known. */
export function AuthenticatedLayout() {
  const { data: user } = useProfile();
  if (!user) return <LoadingSplash />;
  return (
    <div className="app">
      <AppHeader user={user} />
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
