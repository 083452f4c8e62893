import { z } from 'zod';

/**
 * Response of `GET /api/config`: the server settings the web app needs to know (signed-in users
 * only). Read from the server's configuration, so it changes only when the server restarts.
 */
export const clientConfigResponseSchema = z.object({
  upload: z.object({
    /** Largest file accepted, in MB (UPLOAD_MAX_FILE_SIZE_MB). */
    maxFileSizeMb: z.number().int().positive(),
    /** Most files accepted in one upload request (UPLOAD_MAX_FILES). */
    maxFiles: z.number().int().positive(),
  }),
});
export type ClientConfigResponse = z.infer<typeof clientConfigResponseSchema>;
export type UploadLimits = ClientConfigResponse['upload'];
