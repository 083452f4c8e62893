import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppSetting } from '../../infra/database/database.port.js';

const KEY_SETTING = 'file-url-signing-key';

/**
 * Whose access a signed URL carries, checked again each time it is used: the session that asked
 * for it (its stored id), or the user of a bearer token when there is no session.
 */
export type FileUrlGrant = { session: string } | { user: number };

export type TokenCheck =
  { valid: true; grant: FileUrlGrant } | { valid: false; reason: 'expired' | 'invalid' };

const TOKEN_SHAPE = /^(\d+)\.(\d+)\.(s[0-9a-f]{64}|u\d{1,15})\.([\w-]{43})$/;

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

  async sign(documentId: number, grant: FileUrlGrant, now = Date.now()): Promise<string> {
    const expires = Math.ceil((now + this.config.uploads.fileUrlTtlMs) / 1000);
    const holder = 'session' in grant ? `s${grant.session}` : `u${grant.user}`;
    const body = `${documentId}.${expires}.${holder}`;
    return `${body}.${await this.mac(body)}`;
  }

  async verify(token: string, documentId: number, now = Date.now()): Promise<TokenCheck> {
    const match = TOKEN_SHAPE.exec(token);
    if (!match || Number(match[1]) !== documentId) return { valid: false, reason: 'invalid' };
    const [, id, expires, holder, mac] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const expected = Buffer.from(await this.mac(`${id}.${expires}.${holder}`));
    if (!timingSafeEqual(expected, Buffer.from(mac))) return { valid: false, reason: 'invalid' };
    if (Number(expires) * 1000 < now) return { valid: false, reason: 'expired' };
    const grant = holder.startsWith('s')
      ? { session: holder.slice(1) }
      : { user: Number(holder.slice(1)) };
    return { valid: true, grant };
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
