import { useParams } from 'react-router';

/** The `:id` route parameter as a positive integer, or null when it is not one. */
export function parseProjectId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

export function useRouteProjectId(): number | null {
  const { id } = useParams();
  return parseProjectId(id);
}
