import type { Citation, ClauseSpan, DocumentClauses, ProjectFile } from '@clearroom/contracts';

/** The passage to highlight: `quote` is `pageText.slice(start, end)` of the page's text. */
export type ViewerHighlight = { quote: string; start: number; end: number };

/** What the document viewer opens: a document at a page, with the cited passage if known. */
export type ViewerTarget = {
  documentId: number;
  originalname: string;
  mimetype: string;
  pageNumber: number;
  highlight?: ViewerHighlight;
};

export function targetFromCitation(citation: Citation): ViewerTarget {
  return {
    documentId: citation.documentId,
    originalname: citation.originalname,
    mimetype: citation.mimetype,
    pageNumber: citation.pageNumber,
    highlight: { quote: citation.quote, start: citation.start, end: citation.end },
  };
}

/** A clause found by the clause model, highlighted like a citation. */
export function targetFromClause(
  document: Pick<DocumentClauses, 'documentId' | 'originalname' | 'mimetype'>,
  clause: ClauseSpan,
): ViewerTarget {
  return {
    documentId: document.documentId,
    originalname: document.originalname,
    mimetype: document.mimetype,
    pageNumber: clause.pageNumber,
    highlight: { quote: clause.quote, start: clause.start, end: clause.end },
  };
}

export function targetFromFile(file: ProjectFile, pageNumber: number): ViewerTarget {
  return {
    documentId: file.id,
    originalname: file.originalname,
    mimetype: file.mimetype,
    pageNumber,
  };
}

/** A stable identity: the viewer starts afresh when it changes. */
export function targetKey(target: ViewerTarget): string {
  const { documentId, pageNumber, highlight } = target;
  return `${documentId}:${pageNumber}:${highlight ? `${highlight.start}-${highlight.end}` : ''}`;
}

export const isPdf = (target: Pick<ViewerTarget, 'mimetype'>) =>
  target.mimetype === 'application/pdf';
