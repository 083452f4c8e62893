import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { mockFetch } from '../../../test/fetchMock';
import { clientConfigApi, DEFAULT_UPLOAD_LIMITS, readUploadLimits } from './clientConfigApi';

describe('clientConfigApi', () => {
  it('reads the upload limits from GET /api/config once, then serves them from the cache', async () => {
    const server = mockFetch({
      'GET /api/config': { body: { upload: { maxFileSizeMb: 25, maxFiles: 4 } } },
    });
    const store = makeStore();
    const first = store.dispatch(clientConfigApi.endpoints.getUploadLimits.initiate());
    expect((await first).data).toEqual({ maxFileSizeMb: 25, maxFiles: 4 });
    first.unsubscribe();

    // Another page asks again later: no second request.
    const second = store.dispatch(clientConfigApi.endpoints.getUploadLimits.initiate());
    expect((await second).data).toEqual({ maxFileSizeMb: 25, maxFiles: 4 });
    expect(server.callsTo('GET', '/api/config')).toHaveLength(1);
    second.unsubscribe();
  });

  it('keeps the default of any limit missing or unusable in the answer', () => {
    expect(DEFAULT_UPLOAD_LIMITS).toEqual({ maxFileSizeMb: 200, maxFiles: 50 });
    expect(readUploadLimits(null)).toEqual(DEFAULT_UPLOAD_LIMITS);
    expect(readUploadLimits({ upload: { maxFileSizeMb: 10 } })).toEqual({
      maxFileSizeMb: 10,
      maxFiles: 50,
    });
    expect(readUploadLimits({ upload: { maxFileSizeMb: '10', maxFiles: 0 } })).toEqual(
      DEFAULT_UPLOAD_LIMITS,
    );
    expect(readUploadLimits({ upload: { maxFileSizeMb: 1.5, maxFiles: 3 } })).toEqual({
      maxFileSizeMb: 200,
      maxFiles: 3,
    });
  });
});
