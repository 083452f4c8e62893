import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'clearroom:isPublic';

/** Marks a route that answers without a session (the guard still identifies a signed-in caller). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
