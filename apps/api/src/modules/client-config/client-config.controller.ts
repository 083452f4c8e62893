import { Controller, Get, Inject } from '@nestjs/common';
import type { ClientConfigResponse } from '@clearroom/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

const BYTES_PER_MB = 1024 * 1024;

/** What the web app needs to know of the server's configuration (signed-in users only). */
@Controller('config')
export class ClientConfigController {
  private readonly response: ClientConfigResponse;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.response = {
      upload: {
        maxFileSizeMb: Math.floor(config.uploads.maxFileBytes / BYTES_PER_MB),
        maxFiles: config.uploads.maxFiles,
      },
    };
  }

  /** The upload limits, so that the browser checks and shows the ones the server enforces. */
  @Get()
  get(): ClientConfigResponse {
    return this.response;
  }
}
