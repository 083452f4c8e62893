import { isObject, type Json } from './yaml-files.ts';

export type ImageValues = { registry: string; repository: string; tag: string; path: string };

/**
 * Every image reference in a values tree: each mapping with `repository` and `tag` keys and a
 * repository set (an empty repository is an image the admin supplies, e.g. Ollama's models).
 * An empty tag means the chart's appVersion, as for the app's own image.
 */
export function imagesInValues(values: Json, appVersion: string, at = ''): ImageValues[] {
  if (Array.isArray(values))
    return values.flatMap((item, i) => imagesInValues(item, appVersion, `${at}[${i}]`));
  if (!isObject(values)) return [];
  if (typeof values['repository'] === 'string' && 'tag' in values) {
    if (!values['repository']) return [];
    return [
      {
        registry: typeof values['registry'] === 'string' ? values['registry'] : '',
        repository: values['repository'],
        tag: typeof values['tag'] === 'string' && values['tag'] ? values['tag'] : appVersion,
        path: at,
      },
    ];
  }
  return Object.entries(values).flatMap(([key, value]) =>
    imagesInValues(value, appVersion, at ? `${at}.${key}` : key),
  );
}

export const imageReference = (image: ImageValues) =>
  `${image.registry ? `${image.registry}/` : ''}${image.repository}:${image.tag}`;
