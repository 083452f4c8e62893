import { describe, expect, it, jest } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { loadConfig } from '../../config/app-config.js';
import { EmbeddedExtractor } from './embedded/embedded.extractor.js';
import { EXTRACTOR, type Extractor } from './extractor.port.js';
import { ExtractorModule } from './extractor.module.js';
import { TikaExtractor } from './tika/tika.extractor.js';

async function start(env: Record<string, string>) {
  const moduleRef = await Test.createTestingModule({
    imports: [ExtractorModule.forRoot(loadConfig(env))],
  }).compile();
  const extractor = moduleRef.get<Extractor>(EXTRACTOR);
  const close = jest.spyOn(extractor, 'close');
  await moduleRef.init();
  return { moduleRef, extractor, close };
}

describe('ExtractorModule', () => {
  it('provides the Tika adapter when EXTRACTOR_DRIVER=tika, and closes it on shutdown', async () => {
    const { moduleRef, extractor, close } = await start({
      EXTRACTOR_DRIVER: 'tika',
      TIKA_URL: 'http://tika:9998',
    });
    expect(extractor).toBeInstanceOf(TikaExtractor);
    await moduleRef.close();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('provides the embedded adapter by default, and stops its parse processes on shutdown', async () => {
    const { moduleRef, extractor, close } = await start({ EXTRACT_WORKERS: '1', OCR: 'off' });
    expect(extractor).toBeInstanceOf(EmbeddedExtractor);
    await moduleRef.close();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
