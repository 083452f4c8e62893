import type { ChatSession, Citation, Project } from '@clearroom/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/baseQuery';
import { useToast } from '../../../components/toast/useToast';
import { useGetProjectFilesQuery } from '../../documents/api/documentsApi';
import { FILE_NOT_FOUND_TOAST } from '../../viewer/viewerMessages';
import {
  targetFromCitation,
  targetFromFile,
  targetKey,
  type ViewerTarget,
} from '../../viewer/viewerTarget';
import {
  useCreateChatSessionMutation,
  useDeleteChatSessionMutation,
  useGetChatHistoryQuery,
  useGetChatSessionsQuery,
  useRenameChatSessionMutation,
} from '../api/chatApi';
import { parseSource } from '../conversation';
import { useAskQuestion } from '../hooks/useAskQuestion';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { DeleteSessionDialog } from './DeleteSessionDialog';
import { SessionSidebar } from './SessionSidebar';
import { SplitPanel } from './SplitPanel';

/** The viewer (and, through it, pdf.js) is downloaded only when a source is first opened. */
const DocumentViewer = lazy(async () => ({
  default: (await import('../../viewer/components/DocumentViewer')).DocumentViewer,
}));

/** Spec §9: the conversation scrolls to the bottom 50 to 100 ms after new content. */
export const AUTO_SCROLL_DELAY_MS = 75;

/**
 * The chat page of a project (spec §2 Chat page, §4 Chat, §5): sessions on the left, the
 * conversation with its question field, and the document viewer beside it once a source is
 * opened.
 */
export function ChatWorkspace({ project }: { project: Project }) {
  const projectId = project.id;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { toast } = useToast();

  const sessionsQuery = useGetChatSessionsQuery(projectId);
  const sessions = sessionsQuery.data ?? [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = sessions.find((session) => session.id === selectedId) ?? null;
  const historyQuery = useGetChatHistoryQuery(selected?.id ?? skipToken);
  const history = selected ? historyQuery.data : undefined;
  const filesQuery = useGetProjectFilesQuery(projectId, { refetchOnMountOrArgChange: true });

  const [createSession, { isLoading: creating }] = useCreateChatSessionMutation();
  const [renameSession] = useRenameChatSessionMutation();
  const [deleteSession, { isLoading: deleting }] = useDeleteChatSessionMutation();
  const { pending, failure, ask, cancel } = useAskQuestion(projectId);
  const pendingHere = pending && pending.sessionId === selected?.id ? pending : null;

  const [question, setQuestion] = useState('');
  const [viewer, setViewerTarget] = useState<ViewerTarget | null>(null);
  /** While the viewer is open the sessions list folds to a rail, unless it is asked back. */
  const [sessionsAskedBack, setSessionsAskedBack] = useState(false);
  const setViewer = (target: ViewerTarget | null) => {
    setViewerTarget(target);
    setSessionsAskedBack(false);
  };
  const sessionsFolded = wide && viewer !== null && !sessionsAskedBack;
  const [toDelete, setToDelete] = useState<ChatSession | null>(null);

  const scrollRef = useRef<HTMLDivElement>(null);
  const contentKey = `${selected?.id}:${history?.length}:${pendingHere ? pendingHere.answer.length : -1}`;
  useEffect(() => {
    const timer = setTimeout(() => {
      const element = scrollRef.current;
      if (element) element.scrollTop = element.scrollHeight;
    }, AUTO_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [contentKey]);

  const notFound = () => toast(FILE_NOT_FOUND_TOAST);

  const openCitation = (citation: Citation) => setViewer(targetFromCitation(citation));

  /** A source without its citation (an older answer): found by its document's name. */
  const openSource = (source: string, citation: Citation | undefined) => {
    if (citation) return openCitation(citation);
    const parsed = parseSource(source);
    const file =
      parsed && filesQuery.data?.find((candidate) => candidate.originalname === parsed.name);
    if (!parsed || !file) return notFound();
    setViewer(targetFromFile(file, parsed.pageNumber));
  };

  const create = async () => {
    try {
      const session = await createSession({ projectId }).unwrap();
      setSelectedId(session.id);
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to create a new chat. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const rename = async (session: ChatSession, name: string) => {
    try {
      await renameSession({ projectId, sessionId: session.id, name }).unwrap();
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to rename the chat. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const confirmDelete = async (session: ChatSession) => {
    // A question still being answered in this session is abandoned.
    cancel(session.id);
    try {
      await deleteSession({ projectId, sessionId: session.id }).unwrap();
      if (session.id === selectedId) {
        setSelectedId(null);
        setViewer(null);
      }
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to delete the chat. Please try again.'),
        variant: 'destructive',
      });
    }
    setToDelete(null);
  };

  const send = () => {
    if (!selected) {
      toast({
        title: 'No session selected',
        description: 'Please create or select a chat session first.',
        variant: 'destructive',
      });
      return;
    }
    const text = question.trim();
    if (!text) {
      toast({
        title: 'Question required',
        description: 'Please enter a question to ask about your documents.',
        variant: 'destructive',
      });
      return;
    }
    if (pending) return;
    setQuestion('');
    void ask(selected.id, text, history ?? []).then((answered) => {
      // The question comes back into the field so that it can be sent again.
      if (!answered) setQuestion((current) => current || text);
    });
  };

  const noDocuments = filesQuery.isSuccess && filesQuery.data.length === 0;

  let content: ReactNode;
  if (!selected) {
    content = (
      <EmptyState title="Ready to analyze your documents">
        Start a new chat, or pick one from the list, to ask questions about this project&apos;s
        documents. Every answer cites the document, the page and the passage.
        {noDocuments && <NoDocumentsHint projectId={projectId} />}
      </EmptyState>
    );
  } else if (historyQuery.isLoading) {
    content = (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={28} aria-label="Loading the conversation" />
      </Box>
    );
  } else if (historyQuery.isError) {
    content = (
      <EmptyState title="Could not load this conversation">
        <Button onClick={() => void historyQuery.refetch()} sx={{ mt: 1 }}>
          Try Again
        </Button>
      </EmptyState>
    );
  } else if ((history ?? []).length === 0 && !pendingHere) {
    content = (
      <EmptyState title="How can I help?">
        Ask a question about this project&apos;s documents: terms, parties, dates, obligations,
        risks. Answers cite their sources; open one to see the passage in its document.
        {noDocuments && <NoDocumentsHint projectId={projectId} />}
      </EmptyState>
    );
  } else {
    content = (
      <ChatMessages
        history={history ?? []}
        pending={pendingHere}
        onOpenCitation={openCitation}
        onOpenSource={openSource}
      />
    );
  }

  const conversation = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box ref={scrollRef} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: { xs: 2, md: 3 } }}>
        {content}
      </Box>
      {sessionsQuery.isSuccess && (
        <ChatComposer
          value={question}
          onChange={setQuestion}
          onSend={send}
          hasSession={selected !== null}
          busy={pending !== null || (selected !== null && historyQuery.isLoading)}
          failureReason={failure && failure.sessionId === selected?.id ? failure.reason : null}
        />
      )}
    </Box>
  );

  const viewerPanel = viewer && (
    <Suspense
      fallback={
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress size={28} aria-label="Opening the document viewer" />
        </Box>
      }
    >
      <DocumentViewer
        key={targetKey(viewer)}
        target={viewer}
        onClose={() => setViewer(null)}
        onMissing={() => {
          setViewer(null);
          notFound();
        }}
      />
    </Suspense>
  );

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: { xs: 'calc(100dvh - 112px)', md: 'calc(100dvh - 64px)' },
        minHeight: 520,
      }}
    >
      <Box sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1">
          AI Assistant
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {project.name}
        </Typography>
      </Box>
      <Paper
        variant="outlined"
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          overflow: 'hidden',
        }}
      >
        {sessionsFolded ? (
          <Box
            data-testid="sessions-rail"
            sx={(theme) => ({
              flexShrink: 0,
              width: 48,
              pt: 1,
              display: 'flex',
              justifyContent: 'center',
              borderRight: `1px solid ${theme.palette.divider}`,
            })}
          >
            <Tooltip title="Show chat sessions" placement="right">
              <IconButton
                aria-label="Show chat sessions"
                onClick={() => setSessionsAskedBack(true)}
              >
                <ChevronRight />
              </IconButton>
            </Tooltip>
          </Box>
        ) : (
          <Box
            sx={(theme) => ({
              flexShrink: 0,
              maxHeight: 200,
              borderBottom: `1px solid ${theme.palette.divider}`,
              [theme.breakpoints.up('md')]: {
                width: 280,
                maxHeight: 'none',
                borderBottom: 0,
                borderRight: `1px solid ${theme.palette.divider}`,
              },
            })}
          >
            <SessionSidebar
              sessions={sessions}
              isLoading={sessionsQuery.isLoading}
              loadFailed={sessionsQuery.isError}
              onRetry={() => void sessionsQuery.refetch()}
              selectedId={selected?.id ?? null}
              creating={creating}
              onCreate={() => void create()}
              onSelect={(session) => setSelectedId(session.id)}
              onRename={(session, name) => void rename(session, name)}
              onDelete={setToDelete}
            />
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>
          <SplitPanel left={conversation} right={wide ? viewerPanel : null} />
        </Box>
      </Paper>
      {!wide && viewerPanel && (
        // On a phone the document takes the whole screen, with a way back to the conversation.
        <Dialog
          fullScreen
          open
          onClose={() => setViewer(null)}
          slotProps={{ paper: { 'aria-label': 'Document' } }}
        >
          <Box
            sx={(theme) => ({
              display: 'flex',
              alignItems: 'center',
              px: 1,
              py: 0.5,
              borderBottom: `1px solid ${theme.palette.divider}`,
            })}
          >
            <Button startIcon={<ArrowBack />} onClick={() => setViewer(null)}>
              Back to the conversation
            </Button>
          </Box>
          <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
            {viewerPanel}
          </Box>
        </Dialog>
      )}
      <DeleteSessionDialog
        session={toDelete}
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={(session) => void confirmDelete(session)}
      />
    </Box>
  );
}

function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        textAlign: 'center',
        color: 'text.secondary',
        py: 4,
      }}
    >
      <ForumOutlined sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h6" component="h2" color="text.primary">
        {title}
      </Typography>
      <Typography component="div" sx={{ maxWidth: 520 }}>
        {children}
      </Typography>
    </Box>
  );
}

function NoDocumentsHint({ projectId }: { projectId: number }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        This project has no documents yet.
      </Typography>
      <Button
        component={Link}
        to={`/project/${projectId}/documents`}
        variant="outlined"
        size="small"
      >
        Upload documents
      </Button>
    </Box>
  );
}
