/** What the main thread and the HTTP worker exchange (structured-cloneable). */
export type WireBody =
  | { kind: 'none' }
  | { kind: 'bytes'; data: ArrayBuffer | string }
  | {
      kind: 'form';
      fields: {
        name: string;
        value: string | { data: ArrayBuffer; filename: string; type: string };
      }[];
    };

export type WireRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: WireBody;
  /** Read the body as server-sent events, each stamped with the ms since the request was sent. */
  events: boolean;
  timeoutMs: number;
};

export type WireEvent = { at: number; data: string; comment: string };

export type WireResponse = {
  status: number;
  error: string;
  headers: Record<string, string>;
  setCookies: string[];
  body: string;
  events: WireEvent[];
  /** ms to the response's headers, and to its end. */
  waiting: number;
  duration: number;
};
