import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from '../../components/navigation-progress';

/** Wraps every screen: the page-load bar and scroll restoration on back/forward. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
