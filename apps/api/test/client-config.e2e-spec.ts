import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { clientConfigResponseSchema } from '@clearroom/contracts';
import { createProject } from './support/documents.js';
import { signUp, startTestApp, type TestApp } from './support/test-app.js';

describe('GET /api/config', () => {
  describe('with the default limits', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await startTestApp();
    });
    afterAll(() => testApp.drop());

    it('gives the default upload limits to a signed-in user', async () => {
      const { agent } = await signUp(testApp);
      const response = await agent.get('/api/config').expect(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({ upload: { maxFileSizeMb: 200, maxFiles: 50 } });
      expect(clientConfigResponseSchema.parse(response.body)).toEqual(response.body);
    });

    it('needs a session', async () => {
      const response = await testApp.http().get('/api/config').expect(401);
      expect(response.body).toEqual({
        error: 'Please sign in to continue',
        code: 'UNAUTHENTICATED',
      });
    });
  });

  describe('with limits set by UPLOAD_MAX_FILE_SIZE_MB and UPLOAD_MAX_FILES', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await startTestApp({ UPLOAD_MAX_FILE_SIZE_MB: '1', UPLOAD_MAX_FILES: '7' });
    });
    afterAll(() => testApp.drop());

    it('gives the configured limits, the ones uploads are held to', async () => {
      const { agent } = await signUp(testApp);
      const response = await agent.get('/api/config').expect(200);
      expect(response.body).toEqual({ upload: { maxFileSizeMb: 1, maxFiles: 7 } });

      const projectId = await createProject(agent);
      const upload = await agent
        .post(`/api/projects/${projectId}/files`)
        .attach('files', Buffer.alloc(1024 * 1024 + 1, 'a'), 'big.txt')
        .expect(413);
      expect(upload.body.files).toEqual([
        expect.objectContaining({ status: 'rejected', code: 'PAYLOAD_TOO_LARGE' }),
      ]);
    });
  });
});
