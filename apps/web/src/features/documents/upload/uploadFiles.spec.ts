import { describe, expect, it, vi } from 'vitest';
import { mockXhr } from '../../../test/xhrMock';
import { UPLOAD_TIMEOUT_MS, uploadFiles } from './uploadFiles';

const pdf = new File(['%PDF-1.7'], 'lease.pdf', { type: 'application/pdf' });
const docx = new File(['PK'], 'memo.docx');

function startUpload(onProgress = vi.fn()) {
  const xhr = mockXhr();
  const result = uploadFiles(7, [pdf, docx], { onProgress });
  return { result, request: xhr.last(), onProgress };
}

describe('uploadFiles', () => {
  it('posts every file as a multipart `files` part, with credentials, JSON accepted and a 60 s timeout', async () => {
    const { result, request } = startUpload();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/projects/7/files');
    expect(request.withCredentials).toBe(true);
    expect(request.headers).toEqual({ Accept: 'application/json' });
    expect(request.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(request.sentFiles().map((file) => file.name)).toEqual(['lease.pdf', 'memo.docx']);

    const response = { files: [], message: 'Uploaded' };
    request.respond(201, response);
    await expect(result).resolves.toEqual({ ok: true, status: 201, response });
  });

  it('reports the share of bytes sent', () => {
    const { request, onProgress } = startUpload();
    request.progress(250, 1000);
    request.progress(1000, 1000);
    expect(onProgress.mock.calls).toEqual([[0.25], [1]]);
  });

  it('counts an answer that is not JSON as a success', async () => {
    const { result, request } = startUpload();
    request.respond(200, '<p>Stored</p>');
    await expect(result).resolves.toEqual({ ok: true, status: 200, response: null });
  });

  it("fails with the server's error field, keeping its per-file outcomes", async () => {
    const { result, request } = startUpload();
    const response = {
      files: [
        {
          status: 'rejected',
          originalname: 'lease.pdf',
          size: 8,
          error: '"lease.pdf" is larger than 200 MB',
          code: 'PAYLOAD_TOO_LARGE',
        },
      ],
      message: 'No files were uploaded',
      error: '"lease.pdf" is larger than 200 MB',
      code: 'PAYLOAD_TOO_LARGE',
    };
    request.respond(413, response, 'Payload Too Large');
    await expect(result).resolves.toEqual({
      ok: false,
      reason: 'server',
      status: 413,
      message: '"lease.pdf" is larger than 200 MB',
      response,
    });
  });

  it('fails with the response text when there is no error field', async () => {
    const { result, request } = startUpload();
    request.respond(502, 'Bad gateway from the proxy', 'Bad Gateway');
    await expect(result).resolves.toMatchObject({
      ok: false,
      message: 'Bad gateway from the proxy',
    });
  });

  it("fails with 'HTTP {status}: {statusText}' when the body is empty", async () => {
    const { result, request } = startUpload();
    request.respond(503, '', 'Service Unavailable');
    await expect(result).resolves.toMatchObject({
      ok: false,
      message: 'HTTP 503: Service Unavailable',
    });
  });

  it('fails with the response text when a JSON answer has no error field', async () => {
    const { result, request } = startUpload();
    request.respond(500, { code: 'INTERNAL_ERROR' }, 'Internal Server Error');
    await expect(result).resolves.toMatchObject({
      ok: false,
      reason: 'server',
      status: 500,
      message: '{"code":"INTERNAL_ERROR"}',
    });
  });

  it('fails with the response text when the error field is empty or not text', async () => {
    const blank = startUpload();
    blank.request.respond(500, { error: ' ' }, 'Internal Server Error');
    await expect(blank.result).resolves.toMatchObject({ message: '{"error":" "}' });

    const notText = startUpload();
    notText.request.respond(500, { error: { reason: 'disk full' } }, 'Internal Server Error');
    await expect(notText.result).resolves.toMatchObject({
      message: '{"error":{"reason":"disk full"}}',
    });
  });

  it("falls back to 'File upload failed' when the server says nothing at all", async () => {
    const { result, request } = startUpload();
    request.respond(500, ' ');
    await expect(result).resolves.toMatchObject({ ok: false, message: 'File upload failed' });
  });

  it('says when the upload timed out', async () => {
    const { result, request } = startUpload();
    request.timeOut();
    await expect(result).resolves.toEqual({
      ok: false,
      reason: 'timeout',
      message: 'Upload timed out after 60 seconds. Please try with smaller files.',
    });
  });

  it('says when the server cannot be reached', async () => {
    const { result, request } = startUpload();
    request.failNetwork();
    await expect(result).resolves.toEqual({
      ok: false,
      reason: 'network',
      message: 'Network error: Unable to connect to server. Please check your internet connection.',
    });
  });

  it('says the upload was interrupted when the connection drops after bytes were sent', async () => {
    const { result, request } = startUpload();
    request.progress(400, 1000);
    request.failNetwork();
    await expect(result).resolves.toEqual({
      ok: false,
      reason: 'interrupted',
      message: 'Network error: The upload was interrupted. Please try again.',
    });
  });

  it('says the upload was interrupted when it is aborted', async () => {
    const { result, request } = startUpload();
    request.abort();
    await expect(result).resolves.toMatchObject({
      ok: false,
      reason: 'interrupted',
      message: 'Network error: The upload was interrupted. Please try again.',
    });
  });
});
