/**
 * The part of oidc-provider 9 (which ships no types) that the test realm uses.
 * See https://github.com/panva/node-oidc-provider/blob/main/docs/README.md
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type ProviderContext = {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      requestParamOIDCScopes: Set<string>;
      resourceServers?: Record<string, { scope: string }>;
      provider: Provider;
    };
  };

  export type Account = {
    accountId: string;
    claims(use: 'id_token' | 'userinfo', scope: string): Promise<Record<string, unknown>>;
  };

  export type GrantInstance = {
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  };

  export type TokenInstance = {
    accountId: string;
    clientId: string;
    sid?: string;
    format?: string;
    resourceServer?: unknown;
  };

  export type Configuration = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(
      request: IncomingMessage,
      response: ServerResponse,
    ): Promise<{ uid: string; prompt: { name: string } }>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    Grant: {
      new (properties: { clientId: string; accountId?: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
  }
}

declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  /** The in-memory store oidc-provider uses by default, without its start-up warning. */
  export function createMemoryAdapter(clockTolerance?: number): unknown;
}
