import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { describeWithCorpus, CORPUS_DIR } from '../../test/support/corpus.js';
import { CUAD_CATEGORIES, parsePythonStringList, readCuadLabels } from './labels.js';
import { cuadFoldOf, cuadSplitOf } from './split.js';

describe('parsePythonStringList', () => {
  it('reads both quote styles, escapes and the empty list', () => {
    expect(parsePythonStringList('[]')).toEqual([]);
    expect(parsePythonStringList(`['one', "Licensee's right", 'a\\'b\\nc', '\\xe9']`)).toEqual([
      'one',
      "Licensee's right",
      "a'b\nc",
      'é',
    ]);
  });
});

describe('cuadSplitOf', () => {
  it('depends on the file name only and holds back about a fifth', () => {
    const names = Array.from({ length: 2000 }, (_, index) => `contract-${index}.pdf`);
    const test = names.filter((name) => cuadSplitOf(name) === 'test').length;
    expect(test / names.length).toBeGreaterThan(0.17);
    expect(test / names.length).toBeLessThan(0.23);
    expect(names.map(cuadSplitOf)).toEqual(names.map(cuadSplitOf));
    expect(new Set(names.map((name) => cuadFoldOf(name, 4)))).toEqual(new Set([0, 1, 2, 3]));
  });
});

describeWithCorpus('readCuadLabels on the CUAD corpus', () => {
  it('reads every labelled contract with all 41 categories', () => {
    const contracts = readCuadLabels(path.join(CORPUS_DIR, 'cuad'));
    expect(contracts).toHaveLength(446);
    expect(CUAD_CATEGORIES).toHaveLength(41);
    const cytodyn = contracts.find((contract) => contract.pdfFile.startsWith('CytodynInc_2020'));
    expect(cytodyn?.answers['Governing Law']).toMatch(/\w/);
    expect(cytodyn?.passages['Change Of Control'].length).toBeGreaterThan(0);
    const notice = contracts.filter((c) => c.answers['Notice Period To Terminate Renewal']);
    expect(notice.length).toBeGreaterThan(50);
    const split = contracts.map((contract) => cuadSplitOf(contract.pdfFile));
    expect(split.filter((side) => side === 'test').length).toBeGreaterThan(70);
  });
});
