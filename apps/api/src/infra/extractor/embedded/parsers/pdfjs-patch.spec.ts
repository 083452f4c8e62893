import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { patchPdfjsWorker } from './pdfjs-patch.ts';

describe('patchPdfjsWorker', () => {
  const file = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const source = readFileSync(file, 'utf8');
  const patched = patchPdfjsWorker(source);

  it('gives the text-state clone a plain prototype in the installed pdf.js', () => {
    expect(source).toContain('Object.assign(Object.create(this), this)');
    expect(patched).not.toContain('Object.assign(Object.create(this), this)');
    expect(patched).toContain('Object.assign(Object.create(TextState.prototype), this)');
  });

  it('makes the content-stream reader and lexer skip empty q Q pairs in the installed pdf.js', () => {
    expect(patched.split('this.parser.buf1.cmd === "Q"')).toHaveLength(2);
    expect(patched.split('if (ch !== 0x71 || this.knownCommands === null)')).toHaveLength(2);
    // Nothing else changes: the file differs only by the three inserted snippets.
    const unchanged = patched
      .replace('TextState.prototype', 'this')
      .replace(
        / {8}if \(cmd === "q"[^\n]*\n {10}this\.parser\.shift\(\);\n {10}continue;\n {8}\}\n/,
        '',
      )
      .replace(/ {8}if \(ch !== 0x71 [^]*? {8}continue;\n/, '        break;\n');
    expect(unchanged).toBe(source);
  });

  it('leaves code without those lines unchanged', () => {
    expect(patchPdfjsWorker('const clone = Object.create(this);')).toBe(
      'const clone = Object.create(this);',
    );
  });
});
