import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartDir, k8sDir, listFiles, relative } from './support/paths.ts';
import { isObject, readYamlDocuments, readYamlFile } from './support/yaml-files.ts';

const templatesDir = path.join(chartDir, 'templates');
const chartYamlFiles = listFiles(chartDir, ['.yaml', '.yml']).filter(
  (file) => !file.startsWith(templatesDir),
);

describe('YAML files of the chart and of deploy/k8s', () => {
  it.each(
    [...chartYamlFiles, ...listFiles(k8sDir, ['.yaml', '.yml'])].map((file) => [
      relative(file),
      file,
    ]),
  )('%s parses', (_, file) => {
    expect(readYamlDocuments(file).length).toBeGreaterThan(0);
  });

  it('covers Chart.yaml, values.yaml and the four example values files', () => {
    const names = chartYamlFiles.map((file) => path.relative(chartDir, file));
    expect(names).toEqual(
      expect.arrayContaining([
        'Chart.yaml',
        'values.yaml',
        'examples/single-node.yaml',
        'examples/bundled.yaml',
        'examples/external.yaml',
        'examples/air-gapped.yaml',
      ]),
    );
  });

  it('Chart.yaml describes an application chart of app version 0.1.0', () => {
    const chart = readYamlFile(path.join(chartDir, 'Chart.yaml'));
    expect(chart).toMatchObject({
      apiVersion: 'v2',
      name: 'clearroom',
      type: 'application',
      appVersion: '0.1.0',
    });
    // No sub-charts: every dependency is a plain workload of this chart.
    expect(chart).not.toHaveProperty('dependencies');
  });
});

describe('the Keycloak realm the chart imports', () => {
  const realmText = readFileSync(path.join(chartDir, 'files/keycloak-realm.json'), 'utf8');
  const realm: unknown = JSON.parse(realmText);
  const keycloakTemplate = readFileSync(path.join(templatesDir, 'keycloak.yaml'), 'utf8');

  it('has one confidential client with PKCE S256, its redirect and logout URLs', () => {
    expect(isObject(realm)).toBe(true);
    expect(realm).toMatchObject({ realm: '${CLEARROOM_REALM}', enabled: true });
    const clients = (realm as { clients: unknown[] }).clients;
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({
      clientId: '${CLEARROOM_OIDC_CLIENT_ID}',
      publicClient: false,
      clientAuthenticatorType: 'client-secret',
      secret: '${CLEARROOM_OIDC_CLIENT_SECRET}',
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      redirectUris: ['${CLEARROOM_OIDC_REDIRECT_URL}'],
      attributes: {
        'pkce.code.challenge.method': 'S256',
        'post.logout.redirect.uris': '${CLEARROOM_OIDC_POST_LOGOUT_REDIRECT_URL}',
        'backchannel.logout.url': '${CLEARROOM_OIDC_BACKCHANNEL_LOGOUT_URL}',
      },
    });
  });

  it('puts realm roles at realm_access.roles in the ID token, access token and userinfo', () => {
    const [client] = (realm as { clients: { protocolMappers: unknown[] }[] }).clients;
    expect(client!.protocolMappers).toContainEqual(
      expect.objectContaining({
        protocolMapper: 'oidc-usermodel-realm-role-mapper',
        config: expect.objectContaining({
          'claim.name': 'realm_access.roles',
          'id.token.claim': 'true',
          'access.token.claim': 'true',
          'userinfo.token.claim': 'true',
        }),
      }),
    );
  });

  it('gets every ${...} placeholder from the Keycloak container environment', () => {
    const placeholders = [...realmText.matchAll(/\$\{([A-Z0-9_]+)(?::[^}]*)?\}/g)].map((m) => m[1]);
    expect(placeholders.length).toBeGreaterThan(0);
    for (const name of new Set(placeholders)) {
      expect(keycloakTemplate, `keycloak.yaml sets ${name}`).toMatch(
        new RegExp(`- name: ${name}\\n`),
      );
    }
  });

  it('is the file the realm ConfigMap reads', () => {
    expect(keycloakTemplate).toContain('.Files.Get "files/keycloak-realm.json"');
  });
});
