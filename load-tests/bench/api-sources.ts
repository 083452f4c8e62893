/**
 * Lets a benchmark import the API's TypeScript sources unbuilt. They import each other as
 * `./x.js` (for tsc); run by Node's type stripping only `./x.ts` exists, so this hook rewrites
 * those specifiers. Import this module first, then the API's sources with dynamic `import()`
 * (static imports are resolved before any module body runs).
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
