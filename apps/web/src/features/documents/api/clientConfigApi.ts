import {
  DEFAULT_MAX_FILE_SIZE_MB,
  DEFAULT_MAX_FILES_PER_UPLOAD,
  type UploadLimits,
} from '@clearroom/contracts';
import { api } from '../../../api/api';

/** The limits the web assumes until the server has said (the server's defaults). */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxFileSizeMb: DEFAULT_MAX_FILE_SIZE_MB,
  maxFiles: DEFAULT_MAX_FILES_PER_UPLOAD,
};

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The upload limits in a `GET /api/config` answer; one missing or unusable keeps its default. */
export function readUploadLimits(response: unknown): UploadLimits {
  const upload = (response as { upload?: Partial<Record<keyof UploadLimits, unknown>> } | null)
    ?.upload;
  return {
    maxFileSizeMb: isPositiveInteger(upload?.maxFileSizeMb)
      ? upload.maxFileSizeMb
      : DEFAULT_UPLOAD_LIMITS.maxFileSizeMb,
    maxFiles: isPositiveInteger(upload?.maxFiles)
      ? upload.maxFiles
      : DEFAULT_UPLOAD_LIMITS.maxFiles,
  };
}

export const clientConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The server's upload limits. They change only when the server is reconfigured and
     * restarted, so they are fetched once and kept for an hour after the last page using them.
     */
    getUploadLimits: build.query<UploadLimits, void>({
      query: () => '/config',
      transformResponse: readUploadLimits,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetUploadLimitsQuery } = clientConfigApi;
