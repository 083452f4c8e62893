import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { ToastContext, type ToastApi, type ToastOptions } from './toastContext';

export const TOAST_DURATION_MS = 2000;
export const TOAST_REMOVE_DELAY_MS = 300;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

type ActiveToast = ToastOptions & { id: number };

const severityByVariant = { default: 'info', success: 'success', destructive: 'error' } as const;

/**
 * One toast at a time (a new one replaces the current), 2000 ms by default, removed after a
 * 300 ms exit transition, dismissed by a 50 px horizontal swipe; F8 focuses the toast region.
 * Shown at the top centre, where it covers no primary action, on desktop and phone.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);
  const [swipeOffset, setSwipeOffset] = useState(0);
  const nextId = useRef(1);
  const swipeStart = useRef<{ x: number; pointerId: number } | null>(null);
  const regionRef = useRef<HTMLDivElement>(null);

  const show = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setToast({ ...options, id });
    setSwipeOffset(0);
    setOpen(true);
  }, []);

  const dismiss = useCallback(() => setOpen(false), []);

  const api = useMemo<ToastApi>(() => ({ toast: show, dismiss }), [show, dismiss]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    swipeStart.current = { x: event.clientX, pointerId: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    if (!start || start.pointerId !== event.pointerId) return;
    setSwipeOffset(event.clientX - start.x);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    if (!start || start.pointerId !== event.pointerId) return;
    swipeStart.current = null;
    if (Math.abs(event.clientX - start.x) >= TOAST_SWIPE_THRESHOLD_PX) setOpen(false);
    else setSwipeOffset(0);
  };

  const variant = toast?.variant ?? 'default';

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Box
        ref={regionRef}
        role="region"
        aria-label="Notifications (F8)"
        tabIndex={-1}
        sx={{ outline: 'none' }}
      >
        {toast && (
          <Snackbar
            key={toast.id}
            open={open}
            autoHideDuration={toast.duration ?? TOAST_DURATION_MS}
            onClose={handleClose}
            // Top centre covers no action: the primary ones (Send, Create Project, Save) sit at the
            // bottom or the right. Below the app bar on small screens, where its menu button is.
            anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
            sx={{ top: { xs: 72, md: 24 } }}
            transitionDuration={{ exit: TOAST_REMOVE_DELAY_MS }}
            slotProps={{
              transition: {
                onExited: () => setToast((current) => (current?.id === toast.id ? null : current)),
              },
            }}
          >
            <Alert
              variant="filled"
              severity={severityByVariant[variant]}
              role={variant === 'destructive' ? 'alert' : 'status'}
              onClose={() => setOpen(false)}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              data-variant={variant}
              sx={{
                width: { xs: '100%', sm: 360 },
                touchAction: 'pan-y',
                transform: swipeOffset ? `translateX(${swipeOffset}px)` : undefined,
                opacity: swipeOffset
                  ? Math.max(0.3, 1 - Math.abs(swipeOffset) / (TOAST_SWIPE_THRESHOLD_PX * 3))
                  : 1,
                transition: swipeOffset ? 'none' : 'transform 150ms ease-out, opacity 150ms',
              }}
            >
              <AlertTitle>{toast.title}</AlertTitle>
              {toast.description}
            </Alert>
          </Snackbar>
        )}
      </Box>
    </ToastContext.Provider>
  );
}
