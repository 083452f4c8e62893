import { createHash } from 'node:crypto';

/** Share of CUAD contracts held back for measuring, never trained or tuned on. */
export const TEST_SHARE = 0.2;

/**
 * The stable train/test rule: the first 32 bits of SHA-256 of the PDF's file name (UTF-8), read
 * as a fraction of 2^32; below TEST_SHARE is test. Depends on the name only, so a contract keeps
 * its side whatever else is added to or removed from the corpus.
 */
export function cuadSplitOf(pdfFile: string): 'train' | 'test' {
  return hashFraction(pdfFile) < TEST_SHARE ? 'test' : 'train';
}

/** Fold 0..folds-1 of a training contract, for calibration inside the training part (salted). */
export function cuadFoldOf(pdfFile: string, folds: number): number {
  return Math.floor(hashFraction(`fold:${pdfFile}`) * folds);
}

/** Folds of the training split for choosing and calibrating; fold 0 is the one `--validate` holds out. */
export const VALIDATION_FOLDS = 4;

export function validationFoldOf(pdfFile: string): number {
  return cuadFoldOf(`validate:${pdfFile}`, VALIDATION_FOLDS);
}

function hashFraction(text: string): number {
  return createHash('sha256').update(text, 'utf8').digest().readUInt32BE(0) / 2 ** 32;
}
