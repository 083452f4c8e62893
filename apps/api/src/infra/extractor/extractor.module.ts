import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { EmbeddedExtractor } from './embedded/embedded.extractor.js';
import { EXTRACTOR, type Extractor } from './extractor.port.js';
import { TikaExtractor } from './tika/tika.extractor.js';

/**
 * Provides EXTRACTOR: the adapter EXTRACTOR_DRIVER names, and only that one (the embedded
 * extractor starts its parse processes when created). Closes it when the application shuts down.
 */
@Global()
@Module({})
export class ExtractorModule implements OnApplicationShutdown {
  constructor(@Inject(EXTRACTOR) private readonly extractor: Extractor) {}

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ExtractorModule,
      providers: [{ provide: EXTRACTOR, useFactory: () => createExtractor(config.extractor) }],
      exports: [EXTRACTOR],
    };
  }

  onApplicationShutdown(): Promise<void> {
    return this.extractor.close();
  }
}

export function createExtractor(config: AppConfig['extractor']): Promise<Extractor> {
  switch (config.driver) {
    case 'tika':
      return Promise.resolve(new TikaExtractor(config));
    case 'embedded':
      return EmbeddedExtractor.create(config);
  }
}
