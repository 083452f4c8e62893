import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { patchTextStateClone } from './pdfjs-patch.ts';

describe('patchTextStateClone', () => {
  it('finds the slow clone once in the installed pdf.js and replaces only that line', () => {
    const file = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
    const source = readFileSync(file, 'utf8');
    const patched = patchTextStateClone(source);
    expect(patched).not.toBe(source);
    expect(patched).toContain('Object.assign(Object.create(TextState.prototype), this)');
    expect(patched.length - source.length).toBe('TextState.prototype'.length - 'this'.length);
  });

  it('leaves other code unchanged', () => {
    expect(patchTextStateClone('const clone = Object.create(this);')).toBe(
      'const clone = Object.create(this);',
    );
  });
});
