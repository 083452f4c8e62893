import type { UploadResponse } from '@clearroom/contracts';

/** Spec §7, §9: an upload is abandoned after 60 s. */
export const UPLOAD_TIMEOUT_MS = 60_000;

/** Spec §8 messages. */
export const uploadErrorMessages = {
  timeout: 'Upload timed out after 60 seconds. Please try with smaller files.',
  network: 'Network error: Unable to connect to server. Please check your internet connection.',
  interrupted: 'Network error: The upload was interrupted. Please try again.',
  failed: 'File upload failed',
} as const;

export type UploadSuccess = {
  ok: true;
  status: number;
  /** Null when the server answered with something other than JSON (still a success, §7). */
  response: UploadResponse | null;
};

export type UploadFailure = {
  ok: false;
  reason: 'timeout' | 'network' | 'interrupted' | 'failed' | 'server';
  message: string;
  /** The HTTP status, for `server` failures. */
  status?: number;
  /** The server's answer when it was JSON: it lists what happened to each file. */
  response?: UploadResponse;
};

export type UploadResult = UploadSuccess | UploadFailure;

type UploadOptions = {
  /** Called with the fraction (0 to 1) of the request body sent so far. */
  onProgress?: (fraction: number) => void;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isUploadResponse(value: unknown): value is UploadResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { files?: unknown }).files)
  );
}

/**
 * Spec §8: the response's `error` field, else the response text (JSON or not), else
 * 'HTTP {status}: {statusText}'; 'File upload failed' when there is no status text either.
 */
function serverErrorMessage(xhr: XMLHttpRequest, body: unknown): string {
  const error =
    typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'string' && error.trim()) return error;
  const text = xhr.responseText.trim();
  if (text) return text;
  if (xhr.statusText) return `HTTP ${xhr.status}: ${xhr.statusText}`;
  return uploadErrorMessages.failed;
}

/**
 * Sends files to `POST /api/projects/:projectId/files` as multipart `files` parts. Uses
 * XMLHttpRequest rather than fetch because only it reports how many bytes have been sent.
 * Never rejects: every outcome is an {@link UploadResult}.
 */
export function uploadFiles(
  projectId: number,
  files: readonly File[],
  { onProgress }: UploadOptions = {},
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let bytesSent = 0;
    const fail = (reason: keyof typeof uploadErrorMessages) =>
      resolve({ ok: false, reason, message: uploadErrorMessages[reason] });

    xhr.upload.onprogress = (event) => {
      bytesSent = event.loaded;
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.ontimeout = () => fail('timeout');
    // A connection that fails before any byte left is unreachable; one that drops later was cut.
    xhr.onerror = () => fail(bytesSent > 0 ? 'interrupted' : 'network');
    xhr.onabort = () => fail('interrupted');
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      const response = isUploadResponse(body) ? body : undefined;
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, status: xhr.status, response: response ?? null });
        return;
      }
      resolve({
        ok: false,
        reason: 'server',
        message: serverErrorMessage(xhr, body),
        status: xhr.status,
        ...(response ? { response } : {}),
      });
    };

    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);

    try {
      xhr.open('POST', `/api/projects/${projectId}/files`);
      xhr.timeout = UPLOAD_TIMEOUT_MS;
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.send(form);
    } catch {
      fail('failed');
    }
  });
}
