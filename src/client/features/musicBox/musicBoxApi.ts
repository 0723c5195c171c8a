import { SUGGESTIONS_PAGE_SIZE } from '../../../contract/limits';
import { MESSAGES } from '../../../contract/messages';
import type { SuggestionBody, SuggestionResponse, SuggestionSort, SuggestionsResponse, SuggestionStatus, ToggleVoteResponse } from '../../../contract/musicbox';
import { baseApi } from '../../api/baseApi';
import type { RequestArgs, TransportError } from '../../api/transport';
import type { Services } from '../../services';
import { toastShown } from '../../ui/toast/toastSlice';

export interface SuggestionListArgs {
  sort: SuggestionSort;
  search: string;
}

/** The base query as RTK Query hands it to a queryFn (already bound to the call). */
type BaseQuery = (arg: RequestArgs | string) => PromiseLike<{ data?: unknown; error?: TransportError }> | { data?: unknown; error?: TransportError };

/** The messages a Music Box action fails with when no token is stored (docs/product.md §8 "Auth"). */
export const LOGIN_MESSAGES: ReadonlySet<string> = new Set([
  MESSAGES.pleaseLogInToSuggest,
  MESSAGES.pleaseLogInToVote,
  MESSAGES.pleaseLogInToDeleteSuggestions,
  MESSAGES.mustBeLoggedInToUpdateStatus,
]);

/** What to show for a failed action: the log-in message when that was the cause, else the product's failure message. */
export function failureMessage(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && LOGIN_MESSAGES.has(message) ? message : fallback;
}

/**
 * A request that needs a stored token: without one it fails at once with `loginMessage` (the
 * token can expire while the page is open). A 409 is an error carrying its body (the transport's rule).
 */
async function signedInRequest<T>(
  args: RequestArgs,
  loginMessage: string,
  extra: unknown,
  baseQuery: BaseQuery,
): Promise<{ data: T } | { error: TransportError }> {
  const services = extra as Services;
  if (!services.tokenStore.get()) return { error: { status: 401, message: loginMessage } };
  const result = await baseQuery(args);
  if (result.error) return { error: result.error };
  return { data: result.data as T };
}

export const musicBoxApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSuggestions: build.infiniteQuery<SuggestionsResponse, SuggestionListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        // docs/product.md §9: more pages exist while a full page comes back (and the server knows of more).
        getNextPageParam: (lastPage, _all, lastPageParam) =>
          lastPage.suggestions.length >= SUGGESTIONS_PAGE_SIZE && lastPage.hasMore ? lastPageParam + 1 : undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/musicbox/suggestions',
        params: { sort: queryArg.sort, search: queryArg.search, page: pageParam, limit: SUGGESTIONS_PAGE_SIZE },
      }),
      providesTags: ['Suggestion'],
    }),

    /** A song already suggested answers 409: an error whose body is the DuplicateSuggestionResponse. */
    addSuggestion: build.mutation<SuggestionResponse, SuggestionBody>({
      queryFn: (body, api, _opts, baseQuery) =>
        signedInRequest<SuggestionResponse>({ url: '/musicbox/suggestions', method: 'POST', body }, MESSAGES.pleaseLogInToSuggest, api.extra, baseQuery),
      invalidatesTags: (result) => (result?.success ? ['Suggestion'] : []),
    }),

    toggleVote: build.mutation<ToggleVoteResponse, { id: string }>({
      queryFn: ({ id }, api, _opts, baseQuery) =>
        signedInRequest<ToggleVoteResponse>(
          { url: `/musicbox/suggestions/${id}/toggle-vote`, method: 'POST' },
          MESSAGES.pleaseLogInToVote,
          api.extra,
          baseQuery,
        ),
      onQueryStarted: voteOptimistically,
    }),

    updateSuggestionStatus: build.mutation<SuggestionResponse, { id: string; status: Exclude<SuggestionStatus, 'pending'> }>({
      queryFn: ({ id, status }, api, _opts, baseQuery) =>
        signedInRequest<SuggestionResponse>(
          { url: `/musicbox/suggestions/${id}/status`, method: 'PUT', body: { status } },
          MESSAGES.mustBeLoggedInToUpdateStatus,
          api.extra,
          baseQuery,
        ),
      invalidatesTags: ['Suggestion'],
    }),

    deleteSuggestion: build.mutation<{ success: true }, { id: string }>({
      queryFn: ({ id }, api, _opts, baseQuery) =>
        signedInRequest<{ success: true }>(
          { url: `/musicbox/suggestions/${id}`, method: 'DELETE' },
          MESSAGES.pleaseLogInToDeleteSuggestions,
          api.extra,
          baseQuery,
        ),
      invalidatesTags: ['Suggestion'],
    }),
  }),
});

export const {
  useGetSuggestionsInfiniteQuery,
  useAddSuggestionMutation,
  useToggleVoteMutation,
  useUpdateSuggestionStatusMutation,
  useDeleteSuggestionMutation,
} = musicBoxApi;

type VoteLifecycle = {
  dispatch: (action: unknown) => { undo: () => void };
  getState: () => Parameters<typeof musicBoxApi.util.selectCachedArgsForQuery>[0];
  queryFulfilled: Promise<{ data: ToggleVoteResponse }>;
};

/**
 * Optimistic: flip the vote in every cached list at once; the answer sets the exact count,
 * a failure puts everything back and says 'Failed to vote'.
 */
async function voteOptimistically({ id }: { id: string }, { dispatch, getState, queryFulfilled }: VoteLifecycle) {
  const patches = musicBoxApi.util.selectCachedArgsForQuery(getState(), 'getSuggestions').map((args) =>
    dispatch(
      musicBoxApi.util.updateQueryData('getSuggestions', args, (draft) => {
        for (const page of draft.pages)
          for (const s of page.suggestions)
            if (s.id === id) {
              s.voteCount = Math.max(0, s.voteCount + (s.hasVoted ? -1 : 1));
              s.hasVoted = !s.hasVoted;
            }
      }),
    ),
  );
  try {
    const { data } = await queryFulfilled;
    for (const args of musicBoxApi.util.selectCachedArgsForQuery(getState(), 'getSuggestions'))
      dispatch(
        musicBoxApi.util.updateQueryData('getSuggestions', args, (draft) => {
          for (const page of draft.pages)
            for (const s of page.suggestions) if (s.id === id) Object.assign(s, { hasVoted: data.hasVoted, voteCount: data.voteCount });
        }),
      );
  } catch (failure) {
    for (const patch of patches) patch.undo();
    dispatch(toastShown(failureMessage((failure as { error?: unknown }).error, MESSAGES.failedToVote), 'error'));
  }
}
