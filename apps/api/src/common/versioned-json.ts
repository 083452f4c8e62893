import { gunzipSync, gzipSync } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';

/** Only the compressed body is kept (a 1,000-project list: 470 KB of JSON, 13 KB gzipped). */
type Entry = { version: number; etag: string; gzip: Buffer };

const MAX_ENTRIES = 2000;

/**
 * Serves a JSON body that depends only on one user's data, cached per (key, data version).
 *
 * The version is the user's `dataVersion`, read with the session on every request and bumped in
 * the same transaction as every write, so a cached body is never served after a change, by this
 * process or another. A hit costs no query and no serialisation; browsers get an ETag (304 when
 * unchanged) and the pre-compressed body when they accept gzip.
 */
@Injectable()
export class VersionedJson {
  private readonly entries = new Map<string, Entry>();

  async send(
    request: Request,
    response: Response,
    cacheKey: string,
    version: number,
    load: () => Promise<unknown>,
  ): Promise<void> {
    const entry = await this.entry(cacheKey, version, load);
    response.setHeader('ETag', entry.etag);
    response.setHeader('Cache-Control', 'private, no-cache');
    response.setHeader('Vary', 'Accept-Encoding, Cookie');
    if (request.get('if-none-match') === entry.etag) {
      response.status(304).end();
      return;
    }
    response.type('application/json');
    if (/\bgzip\b/.test(request.get('accept-encoding') ?? '')) {
      response.setHeader('Content-Encoding', 'gzip');
      response.end(entry.gzip);
    } else {
      response.end(gunzipSync(entry.gzip));
    }
  }

  private async entry(
    cacheKey: string,
    version: number,
    load: () => Promise<unknown>,
  ): Promise<Entry> {
    const cached = this.entries.get(cacheKey);
    if (cached && cached.version === version) {
      // Map keeps insertion order: re-inserting marks the entry as recently used.
      this.entries.delete(cacheKey);
      this.entries.set(cacheKey, cached);
      return cached;
    }
    const entry: Entry = {
      version,
      etag: `W/"${cacheKey}-${version}"`,
      gzip: gzipSync(JSON.stringify(await load())),
    };
    this.entries.delete(cacheKey);
    this.entries.set(cacheKey, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}
