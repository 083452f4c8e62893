import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppSetting } from '../../infra/database/app-setting.entity.js';

const KEY_SETTING = 'file-url-signing-key';

export type TokenCheck = { valid: true } | { valid: false; reason: 'expired' | 'invalid' };

/**
 * Short-lived signed URLs for one document, so the viewer can load it in a frame without the
 * cookie. The key is generated once and kept in the database, so every API replica shares it.
 */
@Injectable()
export class FileUrlSigner {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly em: SqlEntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sign(documentId: number, now = Date.now()): Promise<string> {
    const expires = Math.ceil((now + this.config.uploads.fileUrlTtlMs) / 1000);
    const body = `${documentId}.${expires}`;
    return `${body}.${await this.mac(body)}`;
  }

  async verify(token: string, documentId: number, now = Date.now()): Promise<TokenCheck> {
    const match = /^(\d+)\.(\d+)\.([\w-]{43})$/.exec(token);
    if (!match || Number(match[1]) !== documentId) return { valid: false, reason: 'invalid' };
    const expected = Buffer.from(await this.mac(`${match[1]}.${match[2]}`));
    const given = Buffer.from(match[3]!);
    if (!timingSafeEqual(expected, given)) return { valid: false, reason: 'invalid' };
    if (Number(match[2]) * 1000 < now) return { valid: false, reason: 'expired' };
    return { valid: true };
  }

  private async mac(body: string): Promise<string> {
    return createHmac('sha256', await this.signingKey())
      .update(body)
      .digest('base64url');
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= this.loadOrCreateKey().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async loadOrCreateKey(): Promise<Buffer> {
    const em = this.em.fork();
    const proposed = randomBytes(32).toString('base64url');
    // Two replicas may race here: the first insert wins and both read the same key back.
    await em
      .createQueryBuilder(AppSetting)
      .insert({ name: KEY_SETTING, value: proposed })
      .onConflict('name')
      .ignore()
      .execute();
    const setting = await em.findOneOrFail(AppSetting, { name: KEY_SETTING });
    return Buffer.from(setting.value, 'base64url');
  }
}
