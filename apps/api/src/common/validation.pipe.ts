import { StandardSchemaValidationPipe } from '@nestjs/common';
import { AppError } from './app-error.js';

const MAX_MESSAGES = 3;

/**
 * Validates every `@Body/@Param/@Query({ schema })` with its zod schema (from libs/contracts) and
 * answers 400 with the schema's own messages, which are written for people.
 */
export function createValidationPipe(): StandardSchemaValidationPipe {
  return new StandardSchemaValidationPipe({
    exceptionFactory: (issues) => {
      const messages = issues.map((issue) => {
        if (issue.path === undefined || issue.path.length === 0) {
          return /expected object/.test(issue.message)
            ? 'Request body must be a JSON object (Content-Type: application/json)'
            : issue.message;
        }
        return issue.message.startsWith('Invalid input')
          ? `${issue.path.map((p) => String(typeof p === 'object' ? p.key : p)).join('.')}: ${issue.message}`
          : issue.message;
      });
      const unique = [...new Set(messages)];
      const shown = unique.slice(0, MAX_MESSAGES).join('; ');
      return new AppError(
        'VALIDATION_FAILED',
        unique.length > MAX_MESSAGES ? `${shown}; and ${unique.length - MAX_MESSAGES} more` : shown,
      );
    },
  });
}
