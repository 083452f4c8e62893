import { test } from '@playwright/test';
import { checkToastsClearOfActions } from './support.js';

test('toasts cover neither the Create Project button nor the chat Send button', async ({
  page,
}) => {
  await checkToastsClearOfActions(page);
});
