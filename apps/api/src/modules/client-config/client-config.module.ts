import { Module } from '@nestjs/common';
import { ClientConfigController } from './client-config.controller.js';

/** `GET /api/config`: the server settings the web app adapts to. */
@Module({ controllers: [ClientConfigController] })
export class ClientConfigModule {}
