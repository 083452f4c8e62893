import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Vendor clients: only adapters under apps/api/src/infra/ may import them. */
export const VENDOR_PACKAGES = [
  'bullmq',
  'ioredis',
  '@elastic/elasticsearch',
  'better-sqlite3',
  'mysql2',
  'openid-client',
  'jose',
  'pdfjs-dist',
];

const vendorImports = {
  paths: VENDOR_PACKAGES.map((name) => ({
    name,
    message: 'Vendor clients live under apps/api/src/infra/<port>/: use the port instead.',
  })),
  patterns: [
    {
      group: VENDOR_PACKAGES.map((name) => `${name}/*`),
      message: 'Vendor clients live under apps/api/src/infra/<port>/: use the port instead.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      'coverage/**',
      'apps/web-e2e/test-results/**',
      'apps/web-e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { '@nx': nx },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:shared', 'scope:api'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared', 'scope:web'] },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:shared', 'scope:e2e'] },
          ],
        },
      ],
    },
  },
  {
    // NestJS injects by the constructor's parameter types: those imports must stay value imports.
    files: ['apps/api/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Ports and adapters: vendor clients and HTTP to other services (Ollama, Tika, the identity
    // provider) only in infra/; above it, code sees a port.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/infra/**', 'apps/api/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', vendorImports],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'HTTP to another service belongs in an adapter under infra/.' },
      ],
    },
  },
  {
    // A feature module sees of infra/ only ports (interfaces, tokens) and modules (factories).
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...vendorImports,
          patterns: [
            ...vendorImports.patterns,
            {
              regex: '/infra/(?!.*\\.(?:port|module)\\.js$)',
              message:
                'Import a port (*.port) or a module (*.module) from infra/, never an adapter.',
            },
          ],
        },
      ],
    },
  },
  {
    // supertest and fetch mocks hand tests untyped JSON bodies; the assertions check their shape.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', 'apps/web-e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
