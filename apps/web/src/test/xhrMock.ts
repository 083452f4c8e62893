import { vi } from 'vitest';

type Handler = (() => void) | null;

/** A scripted XMLHttpRequest: the test decides how the upload progresses and ends. */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  timeout = 0;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  /** The files sent in the multipart field `files`. */
  sentFiles(): File[] {
    return (this.body as FormData).getAll('files') as File[];
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }

  /** Answers with a status and a body (JSON unless it is a string). */
  respond(status: number, body: unknown = '', statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  failNetwork() {
    this.onerror?.();
  }

  timeOut() {
    this.ontimeout?.();
  }

  abort() {
    this.onabort?.();
  }
}

/** Replaces XMLHttpRequest; `requests` lists every one the code under test created. */
export function mockXhr() {
  const requests: FakeXhr[] = [];
  class RecordedXhr extends FakeXhr {
    constructor() {
      super();
      requests.push(this);
    }
  }
  vi.stubGlobal('XMLHttpRequest', RecordedXhr);
  return {
    requests,
    last(): FakeXhr {
      const request = requests.at(-1);
      if (!request) throw new Error('No upload request was made');
      return request;
    },
  };
}
