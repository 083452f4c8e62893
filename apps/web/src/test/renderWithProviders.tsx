import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { theme } from '../app/theme';
import { ToastProvider } from '../components/toast/ToastProvider';

type ProvidersOptions = Omit<RenderOptions, 'wrapper' | 'queries'> & {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** The URL the app starts at. */
  route?: string;
  /** The route pattern `ui` is mounted on (for `:id` parameters); every path by default. */
  path?: string;
};

/** Shows where the app navigated to, for paths `ui` is not mounted on. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders `ui` with the store, theme, toasts and a memory router, as the app does. */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const {
    preloadedState,
    store = makeStore(preloadedState),
    route = '/',
    path = '*',
    ...renderOptions
  } = options;
  const routes =
    path === '*'
      ? [{ path: '*', element: ui }]
      : [
          { path, element: ui },
          { path: '*', element: <LocationProbe /> },
        ];
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </Provider>,
    renderOptions,
  );
  return { store, router, user, ...result };
}
