import { useCallback, useState } from 'react';

export const SIDEBAR_COLLAPSED_KEY = 'clearroom:sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false; // storage refused (a private window, a policy): start expanded
  }
}

/** Whether the sidebar is the narrow icon rail, kept in local storage so that a reload keeps it. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      const next = !previous;
      try {
        window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
      } catch {
        // Not kept: it still works for this visit.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
