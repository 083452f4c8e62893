import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleFiles, mergeValues, readValues, readValuesFile } from './support/helm-values.ts';
import { imageReference, imagesInValues } from './support/images.ts';
import { chartDir } from './support/paths.ts';
import { readYamlFile } from './support/yaml-files.ts';

const appVersion = (readYamlFile(path.join(chartDir, 'Chart.yaml')) as { appVersion: string })
  .appVersion;
const values = readValues();
const images = imagesInValues(values, appVersion);
const listed = readFileSync(path.join(chartDir, 'images.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

describe('images.txt', () => {
  it('lists exactly the images of values.yaml', () => {
    expect(images.length).toBe(7);
    expect([...listed].sort()).toEqual(images.map(imageReference).sort());
  });

  it('lists each image once, with a registry and a pinned tag (never latest)', () => {
    expect(new Set(listed).size).toBe(listed.length);
    for (const reference of listed) {
      expect(reference).toMatch(/^[a-z0-9.-]+(:\d+)?\/[a-z0-9._/-]+:[A-Za-z0-9_][A-Za-z0-9_.-]*$/);
      expect(reference).not.toMatch(/:latest$/);
    }
  });

  it('pins the bundled services to the versions the app is built for', () => {
    expect(listed).toEqual(
      expect.arrayContaining([
        `docker.io/clearroom/clearroom:${appVersion}`,
        expect.stringMatching(/^docker\.io\/library\/mysql:8\.4\.\d+$/),
        expect.stringMatching(/^docker\.io\/apache\/tika:3\.\d+\.\d+\.\d+-full$/),
        expect.stringMatching(/^quay\.io\/keycloak\/keycloak:26\.\d+\.\d+$/),
      ]),
    );
  });
});

describe('examples', () => {
  it.each(exampleFiles.map((file) => [path.basename(file), file]))(
    '%s runs only images that images.txt lists, or the admin-built models image',
    (_, file) => {
      const merged = mergeValues(values, readValuesFile(file));
      for (const image of imagesInValues(merged, appVersion)) {
        if (image.path === 'ollama.bundled.models.image') continue;
        expect(listed, image.path).toContain(imageReference(image));
      }
    },
  );
});
