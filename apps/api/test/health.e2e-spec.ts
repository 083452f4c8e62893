import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('health', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('answers live and ready without a session', async () => {
    await testApp.http().get('/api/health/live').expect(200, { status: 'ok' });
    const ready = await testApp.http().get('/api/health/ready').expect(200);
    expect(ready.body).toEqual({
      status: 'ok',
      checks: { database: 'ok', queue: 'ok', search: 'ok' },
    });
  });
});
