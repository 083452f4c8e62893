import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockHandler } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { ViewerTarget } from '../viewerTarget';
import { DocumentViewer } from './DocumentViewer';
import { locateHighlight } from './TextPageView';

const pageText =
  'Clause 1.\nThe licence term is ten (10) years from the Effective Date.\nClause 2.';
const quote = 'The licence term is ten (10) years';
const start = pageText.indexOf(quote);

const textTarget: ViewerTarget = {
  documentId: 8,
  originalname: 'Licence.docx',
  mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pageNumber: 2,
  highlight: { quote, start, end: start + quote.length },
};

function renderViewer(target: ViewerTarget, routes: Record<string, MockHandler>) {
  const server = mockFetch(routes);
  const onClose = vi.fn();
  const onMissing = vi.fn();
  const rendered = renderWithProviders(
    <DocumentViewer target={target} onClose={onClose} onMissing={onMissing} />,
  );
  return { ...rendered, server, onClose, onMissing };
}

const page = (pageNumber: number, text: string) => ({
  body: { documentId: 8, pageNumber, pageCount: 3, text },
});

describe('DocumentViewer, text formats', () => {
  it('shows the page text with the cited passage marked, and the name and page', async () => {
    renderViewer(textTarget, { 'GET /api/files/8/pages/2': page(2, pageText) });

    expect(screen.getByText('Loading document...')).toBeInTheDocument();
    const mark = await screen.findByTestId('citation-highlight');
    expect(mark.tagName).toBe('MARK');
    expect(mark).toHaveTextContent(quote);
    expect(mark.parentElement).toHaveTextContent('Clause 1. The licence term');
    expect(screen.getByRole('heading', { name: 'Licence.docx' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('pages back and forth; the highlight is only on the cited page', async () => {
    const { user } = renderViewer(textTarget, {
      'GET /api/files/8/pages/2': page(2, pageText),
      'GET /api/files/8/pages/3': page(3, 'Schedule A.'),
    });
    await screen.findByTestId('citation-highlight');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Schedule A.')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.queryByTestId('citation-highlight')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByTestId('citation-highlight')).toHaveTextContent(quote);
  });

  it('offers Try Again when the page fails to load', async () => {
    let calls = 0;
    const { user } = renderViewer(textTarget, {
      'GET /api/files/8/pages/2': () =>
        ++calls === 1
          ? { status: 500, body: { error: 'Boom', code: 'INTERNAL_ERROR' } }
          : page(2, pageText),
    });
    expect(
      await screen.findByText('Failed to load document. Please try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('citation-highlight')).toHaveTextContent(quote);
  });

  it('reports a document that no longer exists', async () => {
    const { onMissing } = renderViewer(textTarget, {
      'GET /api/files/8/pages/2': {
        status: 404,
        body: { error: 'File not found', code: 'NOT_FOUND' },
      },
    });
    await waitFor(() => expect(onMissing).toHaveBeenCalledTimes(1));
  });

  it('closes with its close button', async () => {
    const { user, onClose } = renderViewer(textTarget, {
      'GET /api/files/8/pages/2': page(2, pageText),
    });
    await user.click(screen.getByRole('button', { name: 'Close document viewer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('DocumentViewer, PDFs', () => {
  const pdfTarget: ViewerTarget = {
    ...textTarget,
    mimetype: 'application/pdf',
    originalname: 'L.pdf',
  };

  it('says it cannot access the document when the signed URL is refused, and retries', async () => {
    let calls = 0;
    const { user, server } = renderViewer(pdfTarget, {
      'GET /api/files/8/token': () => {
        calls += 1;
        return { status: 500, body: { error: 'Boom', code: 'INTERNAL_ERROR' } };
      },
    });
    expect(
      await screen.findByText('Failed to access document. Please try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/files/8/token')).toHaveLength(2));
    expect(calls).toBe(2);
  });

  it('reports a PDF that no longer exists', async () => {
    const { onMissing } = renderViewer(pdfTarget, {
      'GET /api/files/8/token': {
        status: 404,
        body: { error: 'File not found', code: 'NOT_FOUND' },
      },
    });
    await waitFor(() => expect(onMissing).toHaveBeenCalledTimes(1));
  });
});

describe('locateHighlight', () => {
  it('uses the offsets when they still hold the quote, else finds the quote', () => {
    expect(locateHighlight(pageText, textTarget.highlight)).toEqual({
      start,
      end: start + quote.length,
    });
    expect(locateHighlight(`Inserted. ${pageText}`, textTarget.highlight)).toEqual({
      start: start + 10,
      end: start + 10 + quote.length,
    });
    expect(locateHighlight('Other text', textTarget.highlight)).toBeNull();
    expect(locateHighlight(pageText, undefined)).toBeNull();
  });
});
