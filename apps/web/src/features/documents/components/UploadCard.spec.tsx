import type { ClientConfigResponse, UploadResponse } from '@clearroom/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockHandler, type MockResponse } from '../../../test/fetchMock';
import { makeProjectFile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { mockXhr } from '../../../test/xhrMock';
import { ProjectDocuments } from './ProjectDocuments';

const FILES = '/api/projects/1/files';

function fileOf(name: string, size: number, type = 'application/pdf') {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const lease = fileOf('Lease.pdf', 1_234_567);
const photo = fileOf('Site photo.png', 2 * 1024 * 1024, 'image/png');
const memo = fileOf('Memo.docx', 52_000, '');

let createObjectURL: ReturnType<typeof vi.fn>;
let revokeObjectURL: ReturnType<typeof vi.fn>;

beforeEach(() => {
  let previews = 0;
  createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
  revokeObjectURL = vi.fn();
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }));
});

afterEach(() => {
  vi.useRealTimers();
});

const DEFAULT_CONFIG: ClientConfigResponse = { upload: { maxFileSizeMb: 200, maxFiles: 50 } };

function renderDocuments({
  storedAfterUpload = [makeProjectFile({ originalname: 'Lease.pdf' })],
  config = { body: DEFAULT_CONFIG },
}: { storedAfterUpload?: ReturnType<typeof makeProjectFile>[]; config?: MockHandler } = {}) {
  let uploaded = false;
  const server = mockFetch({
    [`GET ${FILES}`]: () => ({ body: { files: uploaded ? storedAfterUpload : [] } }),
    'GET /api/config': config,
  });
  const xhr = mockXhr();
  const rendered = renderWithProviders(<ProjectDocuments projectId={1} canEdit />);
  const markUploaded = () => {
    uploaded = true;
  };
  return { server, xhr, markUploaded, ...rendered };
}

const fileInput = () => screen.getByTestId('file-input');
const uploadCard = () => screen.getByRole('region', { name: 'Upload Documents' });
const selectedList = () => screen.getByRole('list', { name: /Selected Files/ });
const uploadButton = () => screen.queryByRole('button', { name: /^(Upload|Uploading)/ });
const limitsHint = () => screen.getByText(/^PDF, Word, Excel, PowerPoint, text or images/);

function accepted(file: File) {
  return {
    status: 'accepted' as const,
    originalname: file.name,
    size: file.size,
    file: makeProjectFile({ originalname: file.name }),
  };
}

describe('UploadCard', () => {
  it('adds chosen files to the selection, with size in MB and a thumbnail for images', async () => {
    const { user } = renderDocuments();
    expect(await screen.findByText('Drop PDF files here')).toBeInTheDocument();
    expect(screen.getByText('or click to browse files')).toBeInTheDocument();

    await user.upload(fileInput(), [lease, photo]);
    expect(screen.getByRole('heading', { name: 'Selected Files (2)' })).toBeInTheDocument();
    const list = selectedList();
    expect(within(list).getByText('Lease.pdf')).toBeInTheDocument();
    expect(within(list).getByText('1.18 MB')).toBeInTheDocument();
    expect(within(list).getByText('2.00 MB')).toBeInTheDocument();
    expect(list.querySelector('img')).toHaveAttribute('src', 'blob:preview-1');
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    await user.upload(fileInput(), [memo]);
    expect(screen.getByRole('heading', { name: 'Selected Files (3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload 3 file(s)' })).toBeInTheDocument();
  });

  it('removes a file from the selection and releases its preview', async () => {
    const { user } = renderDocuments();
    await user.upload(fileInput(), [lease, photo]);
    await user.click(screen.getByRole('button', { name: 'Remove Site photo.png' }));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByRole('heading', { name: 'Selected Files (1)' })).toBeInTheDocument();
    expect(within(selectedList()).queryByText('Site photo.png')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Lease.pdf' }));
    expect(screen.queryByRole('heading', { name: /Selected Files/ })).not.toBeInTheDocument();
  });

  it('takes dropped files, highlighting the zone while something is dragged over it', async () => {
    renderDocuments();
    const zone = await screen.findByRole('button', { name: /Drop PDF files here/ });
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ['Files'] } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.dragLeave(zone);
    expect(zone).not.toHaveAttribute('data-dragging');

    fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ['Files'] } });
    fireEvent.drop(zone, { dataTransfer: { files: [memo, lease], types: ['Files'] } });
    expect(zone).not.toHaveAttribute('data-dragging');
    expect(screen.getByRole('heading', { name: 'Selected Files (2)' })).toBeInTheDocument();
    expect(within(selectedList()).getByText('Memo.docx')).toBeInTheDocument();
  });

  it('opens the picker from the zone by keyboard and from the Choose Files button', async () => {
    const { user } = renderDocuments();
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    const zone = await screen.findByRole('button', { name: /Drop PDF files here/ });
    zone.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Choose Files' }));
    expect(click).toHaveBeenCalledTimes(3);
  });

  it("offers the picker the supported types only: the input's accept filter", async () => {
    renderDocuments();
    await screen.findByText('Drop PDF files here');
    const accept = fileInput().getAttribute('accept')?.split(',') ?? [];
    expect(accept.sort()).toEqual(
      [
        // Spec §5: pdf, doc, docx, xls, xlsx, ppt, pptx, plain text, jpeg, png; plus the other
        // types the server reads (csv, tsv, markdown, tiff).
        ...['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.csv', '.tsv', '.ppt', '.pptx'],
        ...['.txt', '.md', '.markdown'],
        ...['.jpg', '.jpeg', '.png', '.tif', '.tiff'],
        ...['application/pdf', 'text/plain', 'image/jpeg', 'image/png'],
      ].sort(),
    );
    expect(fileInput()).toHaveAttribute('multiple');
  });

  it("shows the 'Upload n file(s)' button only once files are selected", async () => {
    const { user, xhr } = renderDocuments();
    await screen.findByText('Drop PDF files here');
    expect(uploadButton()).not.toBeInTheDocument();

    await user.upload(fileInput(), [lease]);
    expect(uploadButton()).toHaveAccessibleName('Upload 1 file(s)');
    await user.upload(fileInput(), [memo]);
    expect(uploadButton()).toHaveAccessibleName('Upload 2 file(s)');

    await user.click(screen.getByRole('button', { name: 'Remove Lease.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Remove Memo.docx' }));
    expect(uploadButton()).not.toBeInTheDocument();
    expect(xhr.requests).toHaveLength(0);
  });

  it('uploads with progress, then confirms, refreshes the list and toasts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, xhr, server, markUploaded } = renderDocuments();
    await user.upload(fileInput(), [lease, photo]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 file(s)' }));

    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(within(uploadCard()).getByText('Uploading...', { selector: 'p' })).toBeInTheDocument();
    const request = xhr.last();
    expect(request.url).toBe(FILES);
    expect(request.sentFiles().map((file) => file.name)).toEqual(['Lease.pdf', 'Site photo.png']);
    act(() => request.progress(70, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '70',
    );
    expect(screen.getByText('70%')).toBeInTheDocument();

    markUploaded();
    const response: UploadResponse = {
      files: [
        accepted(lease),
        {
          status: 'duplicate',
          originalname: photo.name,
          size: photo.size,
          file: makeProjectFile({ id: 2, originalname: photo.name }),
        },
      ],
      message: 'Files uploaded',
    };
    act(() => request.respond(201, response));

    expect(
      await screen.findByText(
        '1 file(s) uploaded successfully; 1 already in this project: Site photo.png',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Selected Files/ })).not.toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    const results = screen.getByRole('list', { name: 'Upload results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lease.pdfUploaded', 'Site photo.pngAlready in this project']);
    expect(await within(await screen.findByRole('table')).findByText('Lease.pdf')).toBeVisible();
    expect(server.callsTo('GET', FILES)).toHaveLength(2);
    expect(screen.queryByText('Files Uploaded')).not.toBeInTheDocument();

    expect(uploadButton()).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText('Files Uploaded')).toBeInTheDocument();
    expect(screen.queryByText(/uploaded successfully/)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
  });

  it('lists the files the server refused while counting the others as uploaded', async () => {
    const { user, xhr } = renderDocuments();
    await user.upload(fileInput(), [lease, memo]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 file(s)' }));
    act(() =>
      xhr.last().respond(201, {
        files: [
          accepted(lease),
          {
            status: 'rejected',
            originalname: memo.name,
            size: memo.size,
            error: '"Memo.docx" is not a supported document type.',
            code: 'UNSUPPORTED_MEDIA_TYPE',
          },
        ],
        message: '1 file uploaded',
      }),
    );
    expect(await screen.findByText('1 file(s) uploaded successfully')).toBeInTheDocument();
    expect(within(uploadCard()).getByRole('alert')).toHaveTextContent(
      '"Memo.docx" is not a supported document type.',
    );
  });

  it('drops the files the server refused from the selection, and says why', async () => {
    const { user, xhr } = renderDocuments();
    await user.upload(fileInput(), [lease, memo]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 file(s)' }));
    act(() =>
      xhr.last().respond(
        415,
        {
          files: [
            {
              status: 'rejected',
              originalname: lease.name,
              size: lease.size,
              error: '"Lease.pdf" is not a PDF: its content does not match its name.',
              code: 'UNSUPPORTED_MEDIA_TYPE',
            },
            {
              status: 'rejected',
              originalname: memo.name,
              size: memo.size,
              error: '"Memo.docx" is not a supported document type.',
              code: 'UNSUPPORTED_MEDIA_TYPE',
            },
          ],
          message: 'No files were uploaded',
          error: 'None of the 2 files could be uploaded',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        },
        'Unsupported Media Type',
      ),
    );

    const toast = (await screen.findByText('Upload Failed')).closest('[role=alert]');
    expect(toast).toHaveTextContent('None of the 2 files could be uploaded');
    const alert = within(uploadCard()).getByRole('alert');
    expect(alert).toHaveTextContent('None of the 2 files could be uploaded');
    expect(alert).toHaveTextContent('"Lease.pdf" is not a PDF');
    expect(alert).toHaveTextContent('"Memo.docx" is not a supported document type.');
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Upload results' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lease.pdfNot uploaded', 'Memo.docxNot uploaded']);
    expect(screen.queryByRole('heading', { name: /Selected Files/ })).not.toBeInTheDocument();
    expect(uploadButton()).not.toBeInTheDocument();
  });

  it('never sends a refused file again: the next upload holds only the files chosen since', async () => {
    const setup = fileOf('setup.exe', 1000, 'application/x-msdownload');
    const { user, xhr } = renderDocuments();
    // Dropped: the picker's filter would not offer it (spec §5).
    fireEvent.drop(await screen.findByRole('button', { name: /Drop PDF files here/ }), {
      dataTransfer: { files: [setup], types: ['Files'] },
    });
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    act(() =>
      xhr.last().respond(415, {
        files: [
          {
            status: 'rejected',
            originalname: setup.name,
            size: setup.size,
            error: '"setup.exe" is not a supported file type.',
            code: 'UNSUPPORTED_MEDIA_TYPE',
          },
        ],
        message: '1 rejected: setup.exe',
        error: '"setup.exe" is not a supported file type.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      }),
    );
    expect(await within(uploadCard()).findByRole('alert')).toHaveTextContent('setup.exe');

    await user.upload(fileInput(), [lease]);
    // A new choice starts afresh: the refusal's alert and results go.
    expect(within(uploadCard()).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    expect(
      xhr
        .last()
        .sentFiles()
        .map((file) => file.name),
    ).toEqual(['Lease.pdf']);
    act(() => xhr.last().respond(201, { files: [accepted(lease)], message: 'ok' }));
    expect(await screen.findByText('1 file(s) uploaded successfully')).toBeInTheDocument();
    expect(within(uploadCard()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the upload timed out', async () => {
    const { user, xhr } = renderDocuments();
    await user.upload(fileInput(), [lease]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    act(() => xhr.last().timeOut());
    expect(
      await within(uploadCard()).findByText(
        'Upload timed out after 60 seconds. Please try with smaller files.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
  });

  it('says when the server cannot be reached, and keeps the selection', async () => {
    const { user, xhr } = renderDocuments();
    await user.upload(fileInput(), [lease]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    act(() => xhr.last().failNetwork());
    expect(
      await within(uploadCard()).findByText(
        'Network error: Unable to connect to server. Please check your internet connection.',
      ),
    ).toBeInTheDocument();
    const toast = (await screen.findByText('Upload Failed')).closest('[role=alert]');
    expect(toast).toHaveTextContent('Network error: Unable to connect to server.');
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload 1 file(s)' })).toBeEnabled();
  });

  it('says when the upload was interrupted: the connection dropped, or the request was aborted', async () => {
    const { user, xhr } = renderDocuments();
    await user.upload(fileInput(), [lease]);
    const interrupted = 'Network error: The upload was interrupted. Please try again.';

    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    act(() => xhr.last().progress(400, 1000));
    act(() => xhr.last().failNetwork());
    expect(await within(uploadCard()).findByText(interrupted)).toBeInTheDocument();
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    expect(within(uploadCard()).queryByRole('alert')).not.toBeInTheDocument();
    act(() => xhr.last().abort());
    expect(await within(uploadCard()).findByText(interrupted)).toBeInTheDocument();
    expect(xhr.requests).toHaveLength(2);
  });

  it("shows the server's error text when its JSON answer has no error field", async () => {
    const { user, xhr } = renderDocuments();
    await user.upload(fileInput(), [lease]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    act(() => xhr.last().respond(500, { detail: 'disk full' }, 'Internal Server Error'));
    expect(await within(uploadCard()).findByText('{"detail":"disk full"}')).toBeInTheDocument();
  });

  it("holds uploads to the server's configured limits and states them", async () => {
    const config = deferred<MockResponse>();
    const { user, xhr } = renderDocuments({ config: () => config.promise });
    // Until the server has said, its defaults.
    expect(await screen.findByText(/up to 200 MB each, 50 files at a time\.$/)).toBe(limitsHint());
    config.resolve({ body: { upload: { maxFileSizeMb: 5, maxFiles: 3 } } });
    expect(await screen.findByText(/up to 5 MB each, 3 files at a time\.$/)).toBe(limitsHint());

    const big = fileOf('Model.xlsx', 6 * 1024 * 1024);
    await user.upload(fileInput(), [big, lease]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 file(s)' }));
    expect(
      xhr
        .last()
        .sentFiles()
        .map((file) => file.name),
    ).toEqual(['Lease.pdf']);
    act(() => xhr.last().respond(201, { files: [accepted(lease)], message: 'ok' }));
    expect(await screen.findByText('1 file(s) uploaded successfully')).toBeInTheDocument();
    expect(within(uploadCard()).getByRole('alert')).toHaveTextContent(
      '"Model.xlsx" is larger than the 5 MB limit per file.',
    );

    const four = Array.from({ length: 4 }, (_, index) => fileOf(`doc-${index}.pdf`, 1000));
    await user.upload(fileInput(), four);
    await user.click(screen.getByRole('button', { name: 'Upload 4 file(s)' }));
    expect(within(uploadCard()).getByRole('alert')).toHaveTextContent(
      'Too many files: 4 selected, at most 3 can be uploaded at once.',
    );
    expect(xhr.requests).toHaveLength(1);
  });

  it("keeps the default limits when the server's cannot be read", async () => {
    renderDocuments({ config: { status: 500, body: { error: 'Boom', code: 'INTERNAL_ERROR' } } });
    await screen.findByText('Drop PDF files here');
    expect(limitsHint()).toHaveTextContent('up to 200 MB each, 50 files at a time.');
  });

  it('does not send a file over the size limit, and refuses too many files at once', async () => {
    const { user, xhr } = renderDocuments();
    const huge = fileOf('Data room export.pdf', 201 * 1024 * 1024);
    await user.upload(fileInput(), [huge, lease]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 file(s)' }));
    expect(
      xhr
        .last()
        .sentFiles()
        .map((file) => file.name),
    ).toEqual(['Lease.pdf']);
    act(() => xhr.last().respond(201, { files: [accepted(lease)], message: 'ok' }));
    expect(await screen.findByText('1 file(s) uploaded successfully')).toBeInTheDocument();
    expect(within(uploadCard()).getByRole('alert')).toHaveTextContent(
      '"Data room export.pdf" is larger than the 200 MB limit per file.',
    );

    const many = Array.from({ length: 51 }, (_, index) => fileOf(`doc-${index}.pdf`, 1000));
    fireEvent.drop(screen.getByRole('button', { name: /Drop PDF files here/ }), {
      dataTransfer: { files: many, types: ['Files'] },
    });
    await user.click(screen.getByRole('button', { name: 'Upload 51 file(s)' }));
    expect(within(uploadCard()).getByRole('alert')).toHaveTextContent(
      'Too many files: 51 selected, at most 50 can be uploaded at once.',
    );
    expect(xhr.requests).toHaveLength(1);
  });

  it('counts every file sent as uploaded when the answer is not JSON', async () => {
    const { user, xhr } = renderDocuments();
    await user.upload(fileInput(), [lease, memo]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 file(s)' }));
    act(() => xhr.last().respond(200, 'Stored'));
    expect(await screen.findByText('2 file(s) uploaded successfully')).toBeInTheDocument();
  });

  it('sends nothing when every file is over the size limit', async () => {
    const { user, xhr } = renderDocuments();
    await user.upload(fileInput(), [fileOf('Archive.pdf', 250 * 1024 * 1024)]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    const alert = within(uploadCard()).getByRole('alert');
    expect(alert).toHaveTextContent('None of the selected files can be uploaded');
    expect(alert).toHaveTextContent('"Archive.pdf" is larger than the 200 MB limit per file.');
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(xhr.requests).toHaveLength(0);
  });

  it('releases the previews when it goes away', async () => {
    const { user, unmount } = renderDocuments();
    await user.upload(fileInput(), [photo]);
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });
});
