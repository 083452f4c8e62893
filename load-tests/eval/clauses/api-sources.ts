/**
 * Lets node run the API's TypeScript sources unbuilt: they import each other as `./x.js` (for
 * tsc), and only `./x.ts` exists. Import this module before any API module (dynamically).
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const fromApi = context.parentURL?.includes('/apps/api/src/') ?? false;
    if (!fromApi || !specifier.startsWith('.') || !specifier.endsWith('.js')) {
      return nextResolve(specifier, context);
    }
    return nextResolve(`${specifier.slice(0, -'.js'.length)}.ts`, context);
  },
});
