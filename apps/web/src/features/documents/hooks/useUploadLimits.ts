import type { UploadLimits } from '@clearroom/contracts';
import { DEFAULT_UPLOAD_LIMITS, useGetUploadLimitsQuery } from '../api/clientConfigApi';

/**
 * The upload limits the server enforces (`GET /api/config`), or its defaults while they load or
 * when they cannot be read: the server checks again anyway.
 */
export function useUploadLimits(): UploadLimits {
  const { data } = useGetUploadLimitsQuery();
  return data ?? DEFAULT_UPLOAD_LIMITS;
}
