import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe } from '@jest/globals';

/** The developer corpus beside the repository (../shared/corpus); jest runs from the repository root. */
export const CORPUS_DIR = path.resolve('../shared/corpus');
export const corpusAvailable = existsSync(CORPUS_DIR);

export const corpusPath = (name: string) => path.join(CORPUS_DIR, name);
export const corpusFile = (name: string) => readFileSync(corpusPath(name));

export const CORPUS = {
  tickets: 'TICKETSCOMINC_06_22_1999-EX-10.22-SPONSORSHIP AGREEMENT.PDF',
  mphase: 'MphaseTechnologiesInc_20030911_10-K_EX-10.15_1560667_EX-10.15_Co-Branding Agreement.pdf',
  cytodyn: 'CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf',
  netgear: 'NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.pdf',
  word: 'office/testWORD.docx',
} as const;

/** `describe`, or a visible skip when the corpus folder is absent (outside CI; in CI, a failure). */
export function describeWithCorpus(name: string, body: () => void): void {
  if (corpusAvailable) {
    describe(name, body);
    return;
  }
  // In CI nothing is skipped silently: a missing corpus fails the run, like a missing Redis.
  if (process.env['CI']) {
    throw new Error(`${name}: the document corpus is not at ${CORPUS_DIR} (CI runs every suite)`);
  }
  console.warn(`*** ${name}: SKIPPED, the document corpus is not at ${CORPUS_DIR}`);
  describe.skip(name, body);
}
