import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { ToastProvider } from '../components/toast/ToastProvider';
import { appStore } from './appStore';

/** One store for the signed-in app and the login page; the landing page never loads it. */
export function AppProviders() {
  return (
    <Provider store={appStore}>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </Provider>
  );
}
