import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import {
  type LoginRequest,
  type RegisterRequest,
  type User as UserDto,
  usernameKey,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { PasswordHasher } from './password-hasher.js';
import { User } from './user.entity.js';

const toDto = (user: User): UserDto => ({ id: user.id, username: user.username });

/** Local accounts: username and password, hashed with argon2id. */
@Injectable()
export class AuthService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottleService,
  ) {}

  async register({ username, password }: RegisterRequest): Promise<UserDto> {
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
    return toDto(user);
  }

  /** Checks the password; failures count against the username and the client address. */
  async login({ username, password }: LoginRequest, clientAddress: string): Promise<UserDto> {
    const key = usernameKey(username);
    const throttleKeys = [`user:${key}`, `ip:${clientAddress}`];
    await this.throttle.assertAllowed(throttleKeys);

    const user = await this.em.fork().findOne(User, { usernameKey: key });
    if (!user || !(await this.hasher.verify(user.passwordHash ?? null, password))) {
      await this.throttle.recordFailure(throttleKeys);
      throw new AppError('INVALID_CREDENTIALS', 'Invalid username or password');
    }
    await this.throttle.clear(`user:${key}`);
    return toDto(user);
  }
}

const usernameTaken = () =>
  new AppError('USERNAME_TAKEN', 'This username is already taken. Please choose another.');
