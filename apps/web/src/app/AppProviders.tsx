import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { ToastProvider } from '../components/toast/ToastProvider';
import { makeStore } from './store';

/** One store for the signed-in app and the login page; the landing page never loads it. */
const store = makeStore();

export function AppProviders() {
  return (
    <Provider store={store}>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </Provider>
  );
}
