export * from './auth.js';
export * from './constants.js';
export * from './dashboard.js';
export * from './documents.js';
export * from './errors.js';
export * from './projects.js';
export * from './deal-extraction.js';
export * from './qa.js';
