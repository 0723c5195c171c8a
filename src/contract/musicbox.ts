import { z } from 'zod';
import { Id, IsoTime } from './common';
import { MESSAGES } from './messages';
import { SUGGESTION_FIELD_MAX, SUGGESTIONS_PAGE_SIZE } from './limits';

/** docs/product.md §4: pending until an admin approves or rejects it. */
export const SuggestionStatus = z.enum(['pending', 'approved', 'rejected']);
export type SuggestionStatus = z.infer<typeof SuggestionStatus>;
export type SuggestionSort = 'popular' | 'newest';

/** docs/product.md §3 Suggestion, as the API sends it. */
export const Suggestion = z.object({
  id: Id,
  title: z.string(),
  artist: z.string(),
  status: SuggestionStatus,
  voteCount: z.number(),
  /** whether the caller has voted for it */
  hasVoted: z.boolean(),
  /** user id of the suggester */
  suggestedBy: Id,
  suggestedByUser: z.object({ id: Id, username: z.string() }),
  /** the library song an approved suggestion matches (same normalised title and artist), else null */
  songId: Id.nullable(),
  createdAt: IsoTime,
  /** the matched library song's artworkUrl (contract/artwork.ts); absent when the suggestion matches no song */
  artworkUrl: z.string().optional(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestionsQuery = z.object({
  sort: z.enum(['popular', 'newest']).default('popular'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(SUGGESTIONS_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  status: SuggestionStatus.optional(),
});
export type SuggestionsQuery = z.infer<typeof SuggestionsQuery>;

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

export const SuggestionIdParams = z.object({ id: z.uuid(MESSAGES.notFound) });

export const SuggestionsResponse = z.object({
  success: z.literal(true),
  suggestions: z.array(Suggestion),
  total: z.number(),
  page: z.number(),
  hasMore: z.boolean(),
});
export type SuggestionsResponse = z.infer<typeof SuggestionsResponse>;

export const SuggestionResponse = z.object({ success: z.literal(true), suggestion: Suggestion });
export type SuggestionResponse = z.infer<typeof SuggestionResponse>;

/** POST /musicbox/suggestions answers 409 with this when the song was already suggested. */
export const DuplicateSuggestionResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  existingSuggestion: Suggestion,
});
export type DuplicateSuggestionResponse = z.infer<typeof DuplicateSuggestionResponse>;

/** toggle-vote and vote: the caller's vote and the new count */
export const VoteResponse = z.object({ success: z.literal(true), hasVoted: z.boolean(), voteCount: z.number() });
export type ToggleVoteResponse = z.infer<typeof VoteResponse>;

/** A suggestion's vote count as the live message carries it (the caller's own vote is not in it). */
export const SuggestionVote = z.object({ id: Id, voteCount: z.number().int().min(0) });
export type SuggestionVote = z.infer<typeof SuggestionVote>;

/**
 * Sent on the app's websocket (/api/radio/ws, which every signed-in tab keeps open) when votes
 * changed: the new counts, gathered over a short window, so open Music Box pages follow others' votes.
 */
export const SuggestionVotesMessage = z.object({ type: z.literal('SUGGESTION_VOTES'), data: z.object({ votes: z.array(SuggestionVote) }) });
export type SuggestionVotesMessage = z.infer<typeof SuggestionVotesMessage>;
