import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../identity.port.js';

/** argon2id (the library's default variant) at the OWASP-recommended minimum cost: 19 MiB, 2 passes. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

@Injectable()
export class Argon2PasswordHasher implements PasswordHasher {
  /** Verified against when the username is unknown, so both failures take the same time. */
  private readonly decoy = hash('clearroom-decoy-password', OPTIONS);

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    const target = passwordHash ?? (await this.decoy);
    const matches = await verify(target, password).catch(() => false);
    return matches && passwordHash !== null;
  }
}
