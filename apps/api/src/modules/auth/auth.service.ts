import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { setTimeout as sleep } from 'node:timers/promises';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import {
  type LoginRequest,
  type RegisterRequest,
  type User as UserDto,
  usernameKey,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { LoginThrottleService, type ThrottleRule } from './login-throttle.service.js';
import { PASSWORD_HASHER, type PasswordHasher, User } from '../../infra/identity/identity.port.js';

const toDto = (user: User): UserDto => ({
  id: user.id,
  username: user.username,
  isAdmin: user.isAdmin,
});

/** Local accounts: username and password, hashed with argon2id. */
@Injectable()
export class AuthService {
  constructor(
    private readonly em: SqlEntityManager,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Every attempt counts against the client address, successful or not: "already taken" tells
   * which names exist, so an address may only ask so often.
   */
  async register({ username, password }: RegisterRequest, clientAddress: string): Promise<UserDto> {
    const { maxPerAddress, windowMs } = this.config.registration;
    const perAddress = { key: `register:${clientAddress}`, limit: maxPerAddress, windowMs };
    await this.throttle.assertAllowed(
      [perAddress],
      (wait) => `Too many accounts requested from your network. Please try again in ${wait}.`,
    );
    await this.throttle.record([perAddress]);
    const em = this.em.fork();
    const key = usernameKey(username);
    if (await em.count(User, { usernameKey: key })) throw usernameTaken();
    const user = em.create(User, {
      username,
      usernameKey: key,
      passwordHash: await this.hasher.hash(password),
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw usernameTaken();
      throw error;
    }
    // The first local account administers the instance (it may promote others).
    const earlier = await em.count(User, { passwordHash: { $ne: null }, id: { $lt: user.id } });
    if (earlier === 0) {
      user.isAdmin = true;
      await em.flush();
    }
    return toDto(user);
  }

  /**
   * Checks the password. Failures count against the (address, username) pair and the address,
   * which refuse further attempts at their limit, and against the username alone, which only
   * slows attempts down: someone guessing from elsewhere cannot lock the real user out. An
   * unknown username is checked against a decoy hash, so it takes as long as a wrong password.
   */
  async login({ username, password }: LoginRequest, clientAddress: string): Promise<UserDto> {
    const key = usernameKey(username);
    const rule = (name: string): ThrottleRule => ({
      key: name,
      limit: this.config.login.maxFailures,
      windowMs: this.config.login.windowMs,
    });
    const strict = [rule(`pair:${clientAddress}|${key}`), rule(`ip:${clientAddress}`)];
    const soft = rule(`user:${key}`);
    await this.throttle.assertAllowed(strict);
    const delay = await this.throttle.delayBeforeAttempt(soft);
    if (delay > 0) await sleep(delay);

    const user = await this.em.fork().findOne(User, { usernameKey: key });
    const matches = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (!user || !matches) {
      await this.throttle.record([...strict, soft]);
      throw new AppError('INVALID_CREDENTIALS', 'Invalid username or password');
    }
    await this.throttle.clear(strict[0]!.key);
    if (user.disabled) {
      throw new AppError(
        'ACCOUNT_DISABLED',
        'Your account has been disabled. Please ask your administrator.',
      );
    }
    return toDto(user);
  }
}

const usernameTaken = () =>
  new AppError('USERNAME_TAKEN', 'This username is already taken. Please choose another.');
