import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './ToastProvider';
import type { ToastOptions } from './toastContext';
import { useToast } from './useToast';

function Trigger({ options, label }: { options: ToastOptions; label: string }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(options)}>
      {label}
    </button>
  );
}

function renderToasts() {
  return render(
    <ToastProvider>
      <Trigger label="first" options={{ title: 'First title', description: 'First text' }} />
      <Trigger
        label="second"
        options={{ title: 'Second title', description: 'Second text', variant: 'destructive' }}
      />
    </ToastProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ToastProvider', () => {
  it('shows one toast at a time: a new one replaces the current', async () => {
    const user = userEvent.setup();
    renderToasts();

    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(screen.getByRole('status')).toHaveTextContent('First title');
    expect(screen.getByRole('status')).toHaveTextContent('First text');

    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(screen.queryByText('First title')).not.toBeInTheDocument();
    const destructive = screen.getByRole('alert');
    expect(destructive).toHaveTextContent('Second title');
    expect(destructive).toHaveAttribute('data-variant', 'destructive');
  });

  it('shows at the top centre, away from the actions at the bottom and the right', async () => {
    const user = userEvent.setup();
    renderToasts();
    await user.click(screen.getByRole('button', { name: 'first' }));
    const snackbar = screen.getByRole('status').closest('.MuiSnackbar-root');
    expect(snackbar).toHaveClass('MuiSnackbar-anchorOriginTopCenter');
  });

  it('hides after 2000 ms and is removed 300 ms after that', () => {
    vi.useFakeTimers();
    renderToasts();

    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByText('First title')).toBeVisible();

    act(() => {
      vi.advanceTimersByTime(150);
    });
    // Closing: the exit transition runs for 300 ms, then the toast is gone.
    act(() => {
      vi.advanceTimersByTime(320);
    });
    expect(screen.queryByText('First title')).not.toBeInTheDocument();
  });

  it('is dismissed by a horizontal swipe of 50 px, not by a shorter one', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    const toast = screen.getByRole('status');

    fireEvent.pointerDown(toast, { button: 0, pointerId: 1, clientX: 100 });
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 140 });
    fireEvent.pointerUp(toast, { pointerId: 1, clientX: 140 });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.getByText('First title')).toBeInTheDocument();

    fireEvent.pointerDown(toast, { button: 0, pointerId: 2, clientX: 100 });
    fireEvent.pointerMove(toast, { pointerId: 2, clientX: 155 });
    fireEvent.pointerUp(toast, { pointerId: 2, clientX: 155 });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByText('First title')).not.toBeInTheDocument();
  });

  it('can be closed with its close button', async () => {
    const user = userEvent.setup();
    renderToasts();
    await user.click(screen.getByRole('button', { name: 'first' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByText('First title')).not.toBeInTheDocument());
  });

  it('focuses the notification region on F8', async () => {
    const user = userEvent.setup();
    renderToasts();
    await user.keyboard('{F8}');
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
  });
});
