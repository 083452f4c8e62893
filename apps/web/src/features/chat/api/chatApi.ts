import type {
  ChatHistoryEntry,
  ChatHistoryResponse,
  ChatSession,
  ChatSessionResponse,
  ChatSessionsResponse,
  SuccessResponse,
} from '@clearroom/contracts';
import { api } from '../../../api/api';

export type CreateChatSessionArgs = { projectId: number; name?: string };
export type RenameChatSessionArgs = { projectId: number; sessionId: number; name: string };
export type DeleteChatSessionArgs = { projectId: number; sessionId: number };

/** Chat sessions and their history (spec §7). Sessions are cached per project, newest first. */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChatSessions: build.query<ChatSession[], number>({
      query: (projectId) => `/qa/sessions/${projectId}`,
      transformResponse: (response: ChatSessionsResponse) => response.sessions,
      providesTags: (_sessions, _error, projectId) => [{ type: 'ChatSessions', id: projectId }],
    }),

    createChatSession: build.mutation<ChatSession, CreateChatSessionArgs>({
      query: ({ projectId, name }) => ({
        url: `/qa/sessions/${projectId}`,
        method: 'POST',
        body: name === undefined ? {} : { name },
      }),
      transformResponse: (response: ChatSessionResponse) => response.session,
      // The new session goes to the top of the cached list at once (no refetch needed).
      async onQueryStarted({ projectId }, { dispatch, queryFulfilled }) {
        try {
          const { data: session } = await queryFulfilled;
          dispatch(
            chatApi.util.updateQueryData('getChatSessions', projectId, (sessions) => {
              if (!sessions.some((candidate) => candidate.id === session.id)) {
                sessions.unshift(session);
              }
            }),
          );
          void dispatch(chatApi.util.upsertQueryData('getChatHistory', session.id, []));
        } catch {
          // The caller shows the failure.
        }
      },
    }),

    renameChatSession: build.mutation<ChatSession, RenameChatSessionArgs>({
      query: ({ sessionId, name }) => ({
        url: `/qa/sessions/${sessionId}`,
        method: 'PATCH',
        body: { name },
      }),
      transformResponse: (response: ChatSessionResponse) => response.session,
      // Optimistic: the new name shows at once and is rolled back if the server refuses it.
      async onQueryStarted({ projectId, sessionId, name }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          chatApi.util.updateQueryData('getChatSessions', projectId, (sessions) => {
            const session = sessions.find((candidate) => candidate.id === sessionId);
            if (session) session.name = name;
          }),
        );
        try {
          const { data: saved } = await queryFulfilled;
          dispatch(renameCachedSession(projectId, saved.id, saved.name));
        } catch {
          patch.undo();
        }
      },
    }),

    deleteChatSession: build.mutation<SuccessResponse, DeleteChatSessionArgs>({
      query: ({ sessionId }) => ({ url: `/qa/sessions/${sessionId}`, method: 'DELETE' }),
      async onQueryStarted({ projectId, sessionId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            chatApi.util.updateQueryData('getChatSessions', projectId, (sessions) =>
              sessions.filter((session) => session.id !== sessionId),
            ),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),

    getChatHistory: build.query<ChatHistoryEntry[], number>({
      query: (sessionId) => `/qa/sessions/${sessionId}/history`,
      transformResponse: (response: ChatHistoryResponse) => response.history,
      providesTags: (_history, _error, sessionId) => [{ type: 'ChatHistory', id: sessionId }],
    }),
  }),
});

/** Renames a session in the cached list (a rename, or the server's `session_updated` event). */
export function renameCachedSession(projectId: number, sessionId: number, name: string) {
  return chatApi.util.updateQueryData('getChatSessions', projectId, (sessions) => {
    const session = sessions.find((candidate) => candidate.id === sessionId);
    if (session) session.name = name;
  });
}

/** Adds a stored answer to the cached history of its session. */
export function appendCachedHistoryEntry(entry: ChatHistoryEntry) {
  return chatApi.util.updateQueryData('getChatHistory', entry.sessionId, (history) => {
    if (!history.some((existing) => existing.id === entry.id)) history.push(entry);
  });
}

export const {
  useGetChatSessionsQuery,
  useCreateChatSessionMutation,
  useRenameChatSessionMutation,
  useDeleteChatSessionMutation,
  useGetChatHistoryQuery,
} = chatApi;
