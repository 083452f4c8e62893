import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestBrowser } from './oidc-browser.js';
import { type RealmOptions, startTestRealm, type TestRealm } from './oidc-realm.js';
import type { TestDatabase } from './test-database.js';
import { startTestApp, type TestApp } from './test-app.js';

export type OidcTestApp = {
  testApp: TestApp;
  realm: TestRealm;
  /** http://127.0.0.1:<port>, where the API really listens (the realm calls it back). */
  baseUrl: string;
  browser(): TestBrowser;
  /** Closes the app and the realm; the database stays (for `testApp.db.drop()`). */
  close(): Promise<void>;
};

/**
 * The API in single sign-on mode against a fresh test realm, listening on a real port so that the
 * realm's back-channel logout reaches it. `env` adds settings (e.g. REDIS_URL); `db` shares a
 * database with another instance.
 */
export async function startOidcTestApp(
  options: {
    env?: Record<string, string>;
    db?: TestDatabase;
    realm?: Partial<RealmOptions>;
    /** Use this realm instead of starting one: a second API replica behind the same PUBLIC_URL. */
    sharedRealm?: TestRealm;
    publicUrl?: string;
  } = {},
): Promise<OidcTestApp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realm =
    options.sharedRealm ??
    (await startTestRealm({
      redirectUri: `${baseUrl}/api/auth/oidc/callback`,
      postLogoutRedirectUri: `${baseUrl}/`,
      backchannelLogoutUri: `${baseUrl}/api/auth/oidc/backchannel-logout`,
      ...options.realm,
    }));
  const testApp = await startTestApp(
    {
      AUTH_DRIVER: 'oidc',
      OIDC_ISSUER_URL: realm.issuer,
      OIDC_CLIENT_ID: realm.clientId,
      OIDC_CLIENT_SECRET: realm.clientSecret,
      PUBLIC_URL: options.publicUrl ?? baseUrl,
      ...options.env,
    },
    options.db,
  );
  server.on('request', testApp.app.getHttpAdapter().getInstance());
  return {
    testApp,
    realm,
    baseUrl,
    browser: () => new TestBrowser(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await testApp.close();
      if (!options.sharedRealm) await realm.close();
    },
  };
}
