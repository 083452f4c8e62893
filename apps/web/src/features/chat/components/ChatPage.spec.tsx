import type { ChatHistoryEntry, ChatSession } from '@clearroom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockHandler } from '../../../test/fetchMock';
import { makeProject, makeProjectFile, testUser } from '../../../test/fixtures';
import { setViewportWidth } from '../../../test/matchMedia';
import { renderWithProviders } from '../../../test/renderWithProviders';
import {
  makeCitation,
  makeEntry,
  makeSession,
  mockChatServer,
  streamFor,
  type AskCall,
  type ScriptedStream,
} from '../test/askStreamMock';
import { ChatPage } from './ChatPage';

type Setup = {
  sessions?: ChatSession[];
  history?: Record<number, ChatHistoryEntry[]>;
  routes?: Record<string, MockHandler>;
  onAsk?: (call: AskCall) => Response | Promise<Response>;
};

/** The chat page of project 3, with its sessions, their histories and the ask stream. */
function renderChat({ sessions = [], history = {}, routes = {}, onAsk }: Setup = {}) {
  const streams: ScriptedStream[] = [];
  const server = mockChatServer(
    {
      'GET /api/auth/user': { body: { user: testUser } },
      'GET /api/projects': {
        body: { projects: [makeProject({ id: 3, name: 'Project Kestrel' })] },
      },
      'GET /api/projects/3/files': { body: { files: [makeProjectFile({ id: 5, projectId: 3 })] } },
      'GET /api/qa/sessions/3': { body: { sessions } },
      ...Object.fromEntries(
        sessions.map((session) => [
          `GET /api/qa/sessions/${session.id}/history`,
          { body: { history: history[session.id] ?? [] } },
        ]),
      ),
      ...routes,
    },
    onAsk ??
      ((call) => {
        const stream = streamFor(call);
        streams.push(stream);
        return stream.response;
      }),
  );
  const rendered = renderWithProviders(<ChatPage />, {
    route: '/project/3/chat',
    path: '/project/:id/chat',
  });
  return { ...rendered, server, streams };
}

const questionField = () => screen.getByRole('textbox', { name: 'Question' });

async function selectSession(name: string) {
  const list = await screen.findByRole('list', { name: 'Chat session list' });
  return within(list).getByRole('button', { name });
}

describe('ChatPage', () => {
  it('shows "Ready to analyze your documents" and asks for a session before a question', async () => {
    const { user } = renderChat({ sessions: [makeSession({ name: 'Term questions' })] });

    expect(await screen.findByRole('heading', { name: 'AI Assistant' })).toBeInTheDocument();
    expect(screen.getByText('Ready to analyze your documents')).toBeInTheDocument();
    expect(await selectSession('Term questions')).toBeInTheDocument();
    expect(questionField()).toBeDisabled();
    expect(questionField()).toHaveAttribute(
      'placeholder',
      'Ask a question about your documents...',
    );

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('No session selected');
    expect(toast).toHaveTextContent('Please create or select a chat session first.');
  });

  it('creates and selects a session with New Chat, then refuses an empty question', async () => {
    const created = makeSession({ id: 12 });
    const { user, server } = renderChat({
      routes: { 'POST /api/qa/sessions/3': { status: 201, body: { session: created } } },
    });

    expect(await screen.findByText('No chats yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Chat' }));

    expect(await screen.findByText('How can I help?')).toBeInTheDocument();
    expect(await selectSession('New Chat')).toHaveClass('Mui-selected');
    expect(server.callsTo('POST', '/api/qa/sessions/3')[0]?.body).toEqual({});
    expect(questionField()).toBeEnabled();

    await user.type(questionField(), '   ');
    await user.keyboard('{Enter}');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Question required');
    expect(toast).toHaveTextContent('Please enter a question to ask about your documents.');
    expect(server.asks).toHaveLength(0);
  });

  it('loads the conversation of a session, oldest first, with its citations and sources', async () => {
    const session = makeSession();
    const { user } = renderChat({
      sessions: [session],
      history: {
        11: [
          makeEntry({ id: 1, question: 'First?', answer: 'One [1].' }),
          makeEntry({ id: 2, question: 'Second?', answer: 'Two.', sources: [], citations: [] }),
        ],
      },
    });

    await user.click(await selectSession('New Chat'));
    const questions = await screen.findAllByTestId('question');
    expect(questions.map((q) => q.textContent)).toEqual(['First?', 'Second?']);
    const [first] = screen.getAllByTestId('answer');
    expect(first).toHaveTextContent('One 1.');
    expect(
      within(first!).getByRole('button', { name: 'Source 1: License Agreement.txt, page 2' }),
    ).toBeInTheDocument();
    expect(
      within(first!).getByRole('button', { name: '[1] License Agreement.txt (Page 2)' }),
    ).toBeInTheDocument();
  });

  it('streams an answer: the placeholder, then the live text, then the stored answer with sources', async () => {
    const session = makeSession();
    const earlier = [1, 2, 3, 4].map((id) =>
      makeEntry({ id, question: `Q${id}`, answer: `A${id}`, citations: [], sources: [] }),
    );
    const { user, server, streams } = renderChat({ sessions: [session], history: { 11: earlier } });

    await user.click(await selectSession('New Chat'));
    await screen.findByText('Q4');
    await user.type(questionField(), 'What is the term of the license?');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Analyzing your documents...')).toBeInTheDocument();
    expect(questionField()).toBeDisabled();
    expect(questionField()).toHaveValue('');
    expect(screen.getByText('What is the term of the license?')).toBeInTheDocument();
    const [ask] = server.asks;
    expect(ask?.body).toEqual({
      project_id: 3,
      sessionId: 11,
      question: 'What is the term of the license?',
      conversation_history: [
        { role: 'user', content: 'Q2' },
        { role: 'assistant', content: 'A2' },
        { role: 'user', content: 'Q3' },
        { role: 'assistant', content: 'A3' },
        { role: 'user', content: 'Q4' },
        { role: 'assistant', content: 'A4' },
      ],
    });

    const stream = streams[0]!;
    const citations = [makeCitation({ n: 1 }), makeCitation({ n: 2, pageNumber: 4 })];
    stream.send({
      type: 'metadata',
      sources: ['License Agreement.txt (Page 2)', 'License Agreement.txt (Page 4)'],
      sourceFiles: ['License Agreement.txt'],
      citations,
    });
    stream.send({ type: 'chunk', content: 'The license runs for ' });
    expect(await screen.findByText(/The license runs for/)).toBeInTheDocument();
    expect(screen.queryByText('Analyzing your documents...')).not.toBeInTheDocument();

    stream.send({ type: 'chunk', content: 'ten years [1].' });
    stream.send({ type: 'session_updated', sessionId: 11, sessionName: 'Term of the license' });
    expect(await selectSession('Term of the license')).toBeInTheDocument();

    const entry = makeEntry({
      id: 5,
      question: 'What is the term of the license?',
      answer: 'The license runs for ten years [1].',
      citations: [citations[0]!],
    });
    stream.send({
      type: 'complete',
      fullAnswer: entry.answer,
      sources: entry.sources,
      sourceFiles: ['License Agreement.txt'],
      citations: entry.citations,
      entry,
    });
    stream.close();

    expect(
      await screen.findByRole('button', { name: '[1] License Agreement.txt (Page 2)' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(questionField()).toBeEnabled());
    expect(screen.getAllByTestId('question')).toHaveLength(5);
    expect(screen.getAllByText('What is the term of the license?')).toHaveLength(1);
  });

  it("removes the pending message, toasts the spec's message and shows the server's reason under the question", async () => {
    const { user, streams } = renderChat({ sessions: [makeSession()] });
    await user.click(await selectSession('New Chat'));
    await screen.findByText('How can I help?');
    await user.type(questionField(), 'Who are the parties?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await screen.findByText('Analyzing your documents...');
    streams[0]!.send({ type: 'chunk', content: 'Partial' });
    await screen.findByText('Partial');
    streams[0]!.send({ type: 'error', error: 'The language model is unavailable', code: 'X' });
    streams[0]!.close();

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to get response. Please try again.');
    expect(toast).not.toHaveTextContent('The language model is unavailable');
    expect(
      within(screen.getByRole('form', { name: 'Ask a question' })).getByText(
        'Not answered: The language model is unavailable',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Partial')).not.toBeInTheDocument();
    expect(screen.queryByText('Analyzing your documents...')).not.toBeInTheDocument();
    expect(screen.getByText('How can I help?')).toBeInTheDocument();
    // The question comes back, ready to be sent again.
    expect(questionField()).toHaveValue('Who are the parties?');
    expect(questionField()).toBeEnabled();
  });

  it('says "Failed to get response" when the network fails or the stream ends early', async () => {
    let calls = 0;
    const { user } = renderChat({
      sessions: [makeSession()],
      onAsk: (call) => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        const stream = streamFor(call);
        stream.send({ type: 'chunk', content: 'Cut short' });
        stream.close();
        return stream.response;
      },
    });
    await user.click(await selectSession('New Chat'));
    await screen.findByText('How can I help?');

    await user.type(questionField(), 'Question one');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to get response. Please try again.',
    );
    expect(screen.queryAllByTestId('question')).toHaveLength(0);

    await waitFor(() => expect(questionField()).toHaveValue('Question one'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(() => expect(screen.queryByText('Cut short')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to get response. Please try again.',
    );
  });

  it('shows the reason of a question refused before streaming under it', async () => {
    const { user } = renderChat({
      sessions: [makeSession()],
      onAsk: () =>
        new Response(JSON.stringify({ error: 'Project not found', code: 'NOT_FOUND' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    });
    await user.click(await selectSession('New Chat'));
    await screen.findByText('How can I help?');
    await user.type(questionField(), 'Anything?');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to get response. Please try again.',
    );
    expect(screen.getByText('Not answered: Project not found')).toBeInTheDocument();
  });

  it('shows a long session name whole on hover, where the list cuts it', async () => {
    const name = 'Indemnities, caps and baskets across the three share purchase agreements';
    const { user } = renderChat({ sessions: [makeSession({ name })] });
    await user.hover(await selectSession(name));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(name);
  });

  it('starts a new line on Shift+Enter instead of sending', async () => {
    const { user, server } = renderChat({ sessions: [makeSession()] });
    await user.click(await selectSession('New Chat'));
    await screen.findByText('How can I help?');
    await user.type(questionField(), 'Line one');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.type(questionField(), 'Line two');
    expect(questionField()).toHaveValue('Line one\nLine two');
    expect(server.asks).toHaveLength(0);
  });

  it('renames a session inline: Enter saves, Escape cancels, a blank name is refused', async () => {
    const session = makeSession({ name: 'Old name' });
    const { user, server } = renderChat({
      sessions: [session],
      routes: {
        'PATCH /api/qa/sessions/11': (request) => ({
          body: { session: { ...session, name: (request.body as { name: string }).name } },
        }),
      },
    });
    await selectSession('Old name');

    await user.click(screen.getByRole('button', { name: 'Rename Old name' }));
    const field = screen.getByRole('textbox', { name: 'Session name' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Discarded{Escape}');
    expect(await selectSession('Old name')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/qa/sessions/11')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rename Old name' }));
    await user.clear(screen.getByRole('textbox', { name: 'Session name' }));
    await user.type(screen.getByRole('textbox', { name: 'Session name' }), '   {Enter}');
    expect(screen.getByText('Session name is required')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/qa/sessions/11')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'Session name' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Session name' }),
      '  Licence term {Enter}',
    );
    expect(await selectSession('Licence term')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('PATCH', '/api/qa/sessions/11')[0]?.body).toEqual({
        name: 'Licence term',
      }),
    );
  });

  it('deletes a session after confirmation, clearing the conversation when it was active', async () => {
    const { user, server } = renderChat({
      sessions: [makeSession({ name: 'Keep me', id: 10 }), makeSession({ name: 'Delete me' })],
      history: { 11: [makeEntry()] },
      routes: { 'DELETE /api/qa/sessions/11': { body: { success: true } } },
    });
    await user.click(await selectSession('Delete me'));
    await screen.findByText('What is the term?');

    await user.click(screen.getByRole('button', { name: 'Delete Delete me' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Delete me"?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', '/api/qa/sessions/11')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Delete me' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Ready to analyze your documents')).toBeInTheDocument();
    expect(screen.queryByText('What is the term?')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const list = screen.getByRole('list', { name: 'Chat session list' });
    expect(within(list).queryByRole('button', { name: 'Delete me' })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Keep me' })).toBeInTheDocument();
  });

  it('aborts the question under way when its session is deleted', async () => {
    const { user, server } = renderChat({
      sessions: [makeSession()],
      routes: { 'DELETE /api/qa/sessions/11': { body: { success: true } } },
    });
    await user.click(await selectSession('New Chat'));
    await screen.findByText('How can I help?');
    await user.type(questionField(), 'Long question{Enter}');
    await screen.findByText('Analyzing your documents...');

    await user.click(screen.getByRole('button', { name: 'Delete New Chat' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );

    await waitFor(() => expect(server.asks[0]?.signal?.aborted).toBe(true));
    expect(await screen.findByText('Ready to analyze your documents')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('aborts the question under way when the page goes away', async () => {
    const { user, server, unmount } = renderChat({ sessions: [makeSession()] });
    await user.click(await selectSession('New Chat'));
    await screen.findByText('How can I help?');
    await user.type(questionField(), 'Long question{Enter}');
    await screen.findByText('Analyzing your documents...');
    unmount();
    expect(server.asks[0]?.signal?.aborted).toBe(true);
  });

  it('opens a cited passage in the viewer beside the chat, highlighted', async () => {
    const pageText = 'Preamble. The term of this Agreement is ten years. Other text.';
    const quote = 'The term of this Agreement is ten years.';
    const citation = makeCitation({ quote, start: 10, end: 10 + quote.length });
    const { user } = renderChat({
      sessions: [makeSession()],
      history: { 11: [makeEntry({ citations: [citation] })] },
      routes: {
        'GET /api/files/5/pages/2': {
          body: { documentId: 5, pageNumber: 2, pageCount: 3, text: pageText },
        },
      },
    });
    await user.click(await selectSession('New Chat'));
    await user.click(
      await screen.findByRole('button', { name: 'Source 1: License Agreement.txt, page 2' }),
    );

    const viewer = await screen.findByRole('region', { name: 'Document viewer' });
    expect(within(viewer).getByText('License Agreement.txt')).toBeInTheDocument();
    expect(await within(viewer).findByText('Page 2 of 3')).toBeInTheDocument();
    expect(await within(viewer).findByTestId('citation-highlight')).toHaveTextContent(quote);
    expect(screen.getByRole('separator', { name: 'Resize document viewer' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    // The sessions list folds to a rail so that the document gets the room; it can be asked back.
    expect(screen.queryByRole('list', { name: 'Chat session list' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show chat sessions' }));
    expect(screen.getByRole('list', { name: 'Chat session list' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Document viewer' })).toBeInTheDocument();

    await user.click(within(viewer).getByRole('button', { name: 'Close document viewer' }));
    expect(screen.queryByRole('region', { name: 'Document viewer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Chat session list' })).toBeInTheDocument();
  });

  it('on a phone, opens a cited passage full screen with a button back to the conversation', async () => {
    setViewportWidth(400);
    const pageText = 'Preamble. The term of this Agreement is ten years. Other text.';
    const quote = 'The term of this Agreement is ten years.';
    const citation = makeCitation({ quote, start: 10, end: 10 + quote.length });
    const { user } = renderChat({
      sessions: [makeSession()],
      history: { 11: [makeEntry({ citations: [citation] })] },
      routes: {
        'GET /api/files/5/pages/2': {
          body: { documentId: 5, pageNumber: 2, pageCount: 3, text: pageText },
        },
      },
    });
    await user.click(await selectSession('New Chat'));
    await user.click(
      await screen.findByRole('button', { name: 'Source 1: License Agreement.txt, page 2' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Document' });
    const viewer = within(dialog).getByRole('region', { name: 'Document viewer' });
    expect(await within(viewer).findByTestId('citation-highlight')).toHaveTextContent(quote);
    // Full screen: no divider to share the width with the conversation.
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Back to the conversation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.getByRole('button', { name: 'Source 1: License Agreement.txt, page 2' }),
    ).toBeVisible();
  });

  it('says "File not found" when the cited document is gone, or a source matches no file', async () => {
    const { user } = renderChat({
      sessions: [makeSession()],
      history: {
        11: [
          makeEntry({ id: 1 }),
          makeEntry({
            id: 2,
            question: 'Older?',
            answer: 'An older answer.',
            sources: ['Deleted.pdf (Page 3)'],
            citations: [],
          }),
        ],
      },
      routes: {
        'GET /api/files/5/pages/2': {
          status: 404,
          body: { error: 'File not found', code: 'NOT_FOUND' },
        },
      },
    });
    await user.click(await selectSession('New Chat'));

    await user.click(
      await screen.findByRole('button', { name: '[1] License Agreement.txt (Page 2)' }),
    );
    let toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('File not found');
    expect(toast).toHaveTextContent('Could not locate the source document');
    expect(screen.queryByRole('region', { name: 'Document viewer' })).not.toBeInTheDocument();
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Deleted.pdf (Page 3)' }));
    toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('File not found');
    expect(toast).toHaveTextContent('Could not locate the source document');
  });
});
