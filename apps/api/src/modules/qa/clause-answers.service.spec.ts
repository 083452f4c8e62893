import { describe, expect, it } from '@jest/globals';
import type { Evidence } from '../answers/answer.types.js';
import type { ClauseEvidenceReader } from '../clauses/clause-evidence.reader.js';
import type { DocumentReader, DocumentSummary } from '../documents/document-reader.service.js';
import { ClauseAnswerService } from './clause-answers.service.js';

const document = (id: number, originalName: string): DocumentSummary => ({
  id,
  originalName,
  storedName: `${id}.pdf`,
  mimeType: 'application/pdf',
  status: 'completed',
  failureReason: null,
  pageCount: 1,
});

const LICENCE = document(1, 'Licence agreement.pdf');
const SUPPLY = document(2, 'Supply agreement.pdf');

const found = (documentId: number, pageText: string): Evidence => ({
  documentId,
  documentName: documentId === 1 ? LICENCE.originalName : SUPPLY.originalName,
  category: 'Change Of Control',
  score: 0.9,
  pageNumber: 1,
  start: 0,
  end: pageText.length,
  pageText,
  pageCount: 1,
});

function serviceOver(evidence: Evidence[]): ClauseAnswerService {
  const documents = {
    documentsOf: () => Promise.resolve([LICENCE, SUPPLY]),
    citablePages: () => Promise.resolve([]),
  } as unknown as DocumentReader;
  const clauses = { read: () => Promise.resolve(evidence) } as unknown as ClauseEvidenceReader;
  return new ClauseAnswerService(documents, clauses);
}

describe('ClauseAnswerService', () => {
  it('weighs the clause index as a review cell does: a contents entry is no clause', async () => {
    const service = serviceOver([
      found(
        1,
        'If Licensee undergoes a change of control, Licensor may terminate this Agreement on notice.',
      ),
      found(2, '12. Change of Control .................................... 14'),
    ]);
    const { answer } = await service.answer(7, 'Which agreements have a change of control clause?');
    expect(answer?.text).toMatch(/\b1 of 2\b/);
    expect(answer?.citations.map((citation) => citation.originalname)).toEqual([
      'Licence agreement.pdf',
    ]);
  });
});
