import { createContext } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the toast hides itself; 2000 by default (spec §9). */
  duration?: number;
};

export type ToastApi = {
  /** Shows a toast, replacing the one on screen (only one is shown at a time). */
  toast: (options: ToastOptions) => void;
  dismiss: () => void;
};

export const ToastContext = createContext<ToastApi | null>(null);
