import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AppRequest, AuthenticatedUser } from '../../common/request.js';
import { AppError } from '../../common/app-error.js';

/** The signed-in user of a protected route. */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser => {
    const user = context.switchToHttp().getRequest<AppRequest>().user;
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    return user;
  },
);
