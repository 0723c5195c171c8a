import type { ServerResponse } from 'node:http';
import type { FrameRing } from './frameRing';
import { ICY_METAINT, IcyInterleaver } from './icyMetadata';
import type { ListenerIdentity } from './listenerIdentity';

/**
 * One open stream connection: it sends the ring's bytes from its own position on, as fast as its
 * socket drains. When the ring moves past a position it has not sent yet (its socket stopped
 * draining for a whole ring), it is dropped: the others never wait for it.
 */
export class StreamConnection {
  readonly connectedAt: Date;
  bytes = 0;
  private waiting = false;
  private closed = false;
  private readonly icy: IcyInterleaver | null;

  constructor(
    readonly identity: ListenerIdentity,
    /** a key per distinct listener: the user's id, or one per anonymous connection */
    readonly listenerKey: string,
    readonly client: string,
    private readonly res: ServerResponse,
    private readonly ring: FrameRing,
    private position: number,
    withIcy: boolean,
    private readonly onClose: (connection: StreamConnection, reason: 'gone' | 'slow' | 'shutdown') => void,
    now: Date,
  ) {
    this.connectedAt = now;
    // the block nearest a title change announces it, even when that is a little before the audio
    this.icy = withIcy ? new IcyInterleaver((position) => ring.titleAt(position + ICY_METAINT / 2)) : null;
    res.on('close', () => this.close('gone'));
    res.on('drain', () => {
      this.waiting = false;
      this.pump();
    });
  }

  /** Sends what the ring holds beyond this connection's position, until its socket pushes back. */
  pump(): void {
    if (this.closed) return;
    if (this.position < this.ring.start) {
      this.close('slow');
      return;
    }
    if (this.waiting) return;
    // an ICY listener stays half a block behind the live edge, so that the title a block announces is known
    const until = this.icy ? this.ring.end - ICY_METAINT / 2 : this.ring.end;
    if (until <= this.position) return;
    const parts = this.ring.readFrom(this.position, until);
    if (!parts) {
      this.close('slow');
      return;
    }
    for (const part of parts) {
      const position = this.position;
      this.position += part.length;
      this.bytes += part.length;
      let ok = true;
      for (const piece of this.icy ? this.icy.wrap(part, position) : [part]) ok = this.res.write(piece) && ok;
      if (!ok) {
        this.waiting = true;
        return;
      }
    }
  }

  close(reason: 'gone' | 'slow' | 'shutdown'): void {
    if (this.closed) return;
    this.closed = true;
    if (reason !== 'gone') this.res.destroy();
    this.onClose(this, reason);
  }
}
