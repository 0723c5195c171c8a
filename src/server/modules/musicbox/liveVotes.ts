import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { SuggestionVote, SuggestionVotesMessage } from '../../../contract/musicbox';
import type { Database, Unlisten } from '../../db/open';
import { createEventBus, type EventBus } from '../../events/eventBus';
import { rowsOf } from '../../db/rowsOf';

/** What crosses instances: only which suggestions to re-read, never counts (they could arrive out of order). */
export type MusicBoxEvent = { kind: 'votes'; ids: string[] };
export const MUSICBOX_CHANNEL = 'musicbox_events';
/** Votes within this window go out as one message per instance. */
export const LIVE_VOTES_WINDOW_MS = 250;

export interface LiveVotesOptions {
  database: Database;
  /** sends one serialized message to every socket of this instance */
  broadcast: (message: string) => void;
  log: FastifyBaseLogger;
  windowMs?: number;
}

/**
 * Others' votes reach open Music Box pages live, through the websocket every signed-in tab keeps
 * open (docs/product.md §2.6). A vote NOTIFYs the suggestion's id; each instance gathers the ids of
 * a short window, re-reads their counts in one query and broadcasts one small message, serialized
 * once: hundreds of listeners cost one query per window with votes, and no polling at all.
 */
export class LiveVotes {
  private readonly bus: EventBus<MusicBoxEvent>;
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private unlisten: Unlisten | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: LiveVotesOptions) {
    this.bus = createEventBus<MusicBoxEvent>(options.database, MUSICBOX_CHANNEL, (error) => options.log.warn({ err: error }, 'musicbox: bad event'));
  }

  async start(): Promise<void> {
    this.unlisten = await this.bus.subscribe((event) => this.onEvent(event));
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const off = this.unlisten;
    this.unlisten = null;
    await off?.().catch(() => undefined);
    await this.flushing;
  }

  /** The votes of a suggestion changed (here): every instance, this one too, tells its sockets. A failure never fails the vote. */
  async changed(id: string): Promise<void> {
    await this.bus.publish({ kind: 'votes', ids: [id] }).catch((err: unknown) => this.options.log.warn({ err }, 'musicbox: notify failed'));
  }

  private onEvent(event: MusicBoxEvent): void {
    if (!this.unlisten || event?.kind !== 'votes' || !Array.isArray(event.ids)) return;
    for (const id of event.ids) if (typeof id === 'string') this.pending.add(id);
    if (this.timer || this.pending.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flush().catch((err: unknown) => this.options.log.warn({ err }, 'musicbox: live votes failed'));
    }, this.options.windowMs ?? LIVE_VOTES_WINDOW_MS);
  }

  private async flush(): Promise<void> {
    const ids = [...this.pending];
    this.pending.clear();
    const result = await this.options.database.db.execute(
      sql`select id, vote_count from suggestions where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const votes: SuggestionVote[] = rowsOf<{ id: string; vote_count: number }>(result).map((r) => ({
      id: r.id,
      voteCount: Number(r.vote_count),
    }));
    if (votes.length === 0) return;
    const message: SuggestionVotesMessage = { type: 'SUGGESTION_VOTES', data: { votes } };
    this.options.broadcast(JSON.stringify(message));
  }
}
