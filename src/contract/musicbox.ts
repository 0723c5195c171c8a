import { z } from 'zod';
import { SUGGESTION_FIELD_MAX, SUGGESTIONS_PAGE_SIZE } from './limits';

/** SPEC §4: pending until an admin approves or rejects it. */
export type SuggestionStatus = 'pending' | 'approved' | 'rejected';
export type SuggestionSort = 'popular' | 'newest';

/** SPEC §3 Suggestion, as the API sends it. */
export interface Suggestion {
  id: string;
  title: string;
  artist: string;
  status: SuggestionStatus;
  voteCount: number;
  /** whether the caller has voted for it */
  hasVoted: boolean;
  /** user id of the suggester */
  suggestedBy: string;
  suggestedByUser: { id: string; username: string };
  /** the library song an approved suggestion matches (same normalised title and artist), else null */
  songId: string | null;
  createdAt: string;
}

export const SuggestionsQuery = z.object({
  sort: z.enum(['popular', 'newest']).default('popular'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(SUGGESTIONS_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
});
export type SuggestionsQuery = z.infer<typeof SuggestionsQuery>;

/** What a client sends; the server coerces and bounds it with the schema above. */
export interface SuggestionsQueryParams {
  sort?: SuggestionSort;
  page?: number;
  limit?: number;
  search?: string;
  status?: SuggestionStatus;
}

const field = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(SUGGESTION_FIELD_MAX, `${name} must be at most ${SUGGESTION_FIELD_MAX} characters`);

export const SuggestionBody = z.object({ title: field('Title'), artist: field('Artist') });
export type SuggestionBody = z.infer<typeof SuggestionBody>;

export const SuggestionStatusBody = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
});
export type SuggestionStatusBody = z.infer<typeof SuggestionStatusBody>;

export const SuggestionIdParams = z.object({ id: z.uuid({ error: 'Not found' }) });

export interface SuggestionsResponse {
  success: true;
  suggestions: Suggestion[];
  total: number;
  page: number;
  hasMore: boolean;
}

export interface SuggestionResponse {
  success: true;
  suggestion: Suggestion;
}

/** POST /musicbox/suggestions answers 409 with this when the song was already suggested. */
export interface DuplicateSuggestionResponse {
  success: false;
  message: string;
  existingSuggestion: Suggestion;
}

export interface ToggleVoteResponse {
  success: true;
  hasVoted: boolean;
  voteCount: number;
}
