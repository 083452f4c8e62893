import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { FILE_STORE } from './file-store.port.js';
import { LocalDirectoryFileStore } from './local-directory.file-store.js';

/** Provides FILE_STORE: a local directory (DATA_DIR/files; a shared volume in Kubernetes). */
@Global()
@Module({})
export class FileStoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: FileStoreModule,
      providers: [
        { provide: FILE_STORE, useFactory: () => new LocalDirectoryFileStore(config.filesDir) },
      ],
      exports: [FILE_STORE],
    };
  }
}
