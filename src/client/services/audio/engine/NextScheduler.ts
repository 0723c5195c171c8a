import type { NextTrackPlan } from '../AudioService';
import type { AudioGraph } from './audioGraph';
import { BufferVoice } from './BufferVoice';
import { fetchAndDecode } from './decode';
import { equalPowerCurves, nextStartTime, wallToContextTime } from './timing';
import type { Voice } from './Voice';

/** What the scheduler needs of the engine: the graph and where the current voice ends on the audio clock. */
export interface SchedulerHost {
  graph(): AudioGraph | null;
  /** the current voice: its envelope, whether it plays and its end (null: not known sample-exactly, e.g. still on an element) */
  currentVoice(): Pick<Voice, 'envelope' | 'playing' | 'endTime'> | null;
  /** the scheduled voice started at the audio clock: it is the current one now */
  advanced(voice: BufferVoice, plan: NextTrackPlan, fadeSeconds: number): void;
}

const CURVE_POINTS = 256;

/** setNext(): decodes the next track ahead and starts it on the audio clock (docs/product.md §2.14). */
export class NextScheduler {
  private plan: NextTrackPlan | null = null;
  private abort: AbortController | null = null;
  private buffer: AudioBuffer | null = null;
  private scheduled: { voice: BufferVoice; envelope: GainNode | null; fade: number; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(private readonly host: SchedulerHost) {}

  get pending(): boolean {
    return this.scheduled !== null;
  }

  set(plan: NextTrackPlan | null): void {
    if (plan && this.plan && JSON.stringify(plan) === JSON.stringify(this.plan)) return;
    this.clear();
    this.plan = plan;
    const graph = this.host.graph();
    if (!plan || !graph) return;
    const abort = new AbortController();
    this.abort = abort;
    fetchAndDecode(graph.ctx, plan.url, abort.signal).then(
      (buffer) => {
        if (this.plan !== plan || !buffer) return;
        this.buffer = buffer;
        this.reschedule();
      },
      () => {
        // not decoded: the current track ends and the player loads the next as before
      },
    );
  }

  /** Drops the plan, its request and anything scheduled. */
  clear(): void {
    this.abort?.abort();
    this.abort = null;
    this.plan = null;
    this.buffer = null;
    this.unschedule();
  }

  /** Takes back a start that has not happened (the current voice paused, seeked or changed). */
  unschedule(): void {
    const s = this.scheduled;
    if (!s) return;
    this.scheduled = null;
    clearTimeout(s.timer);
    s.voice.dispose();
    const ctx = this.host.graph()?.ctx;
    // only the current voice is given back its level: an element handed over since is silent for good (its envelope at 0)
    if (s.envelope && ctx && s.envelope === this.host.currentVoice()?.envelope) {
      s.envelope.gain.cancelScheduledValues(0);
      s.envelope.gain.setValueAtTime(1, ctx.currentTime);
    }
  }

  /** (Re)schedules the decoded next track against the current voice's timeline. */
  reschedule(): void {
    this.unschedule();
    const graph = this.host.graph();
    const current = this.host.currentVoice();
    const timeline = current && { envelope: current.envelope, end: current.endTime(), playing: current.playing };
    const plan = this.plan;
    const buffer = this.buffer;
    if (!graph || !plan || !buffer || !timeline?.playing || graph.ctx.state !== 'running') return;
    const ctx = graph.ctx;
    let startAt: number | undefined;
    if (plan.startAtMs !== undefined) startAt = wallToContextTime(plan.startAtMs, ctx.getOutputTimestamp() as Required<AudioTimestamp>, performance.timeOrigin);
    else if (timeline.end === null) return;
    const now = ctx.currentTime + 0.02;
    const { start, fade } = nextStartTime({ end: timeline.end ?? now, crossfadeSeconds: plan.crossfadeSeconds, nextDuration: buffer.duration, now, startAt });
    const voice = new BufferVoice(ctx, buffer, plan.url, graph.bufferOut, plan.gain);
    const envelope = timeline.envelope;
    if (fade > 0) {
      const { fadeOut, fadeIn } = equalPowerCurves(CURVE_POINTS);
      voice.envelope.gain.setValueCurveAtTime(fadeIn, start, fade);
      envelope?.gain.cancelScheduledValues(start);
      envelope?.gain.setValueCurveAtTime(fadeOut, start, fade);
    } else {
      envelope?.gain.cancelScheduledValues(start);
      envelope?.gain.setValueAtTime(0, start);
    }
    voice.start(start, plan.offsetSeconds ?? 0);
    // 'advanced' when it is heard: the context renders outputLatency ahead of the speakers
    const timer = setTimeout(() => this.fire(), Math.max(0, (start - ctx.currentTime + (ctx.outputLatency || 0)) * 1000));
    this.scheduled = { voice, envelope, fade, timer };
  }

  private fire(): void {
    const s = this.scheduled;
    const plan = this.plan;
    if (!s || !plan) return;
    this.scheduled = null;
    this.plan = null;
    this.buffer = null;
    this.abort = null;
    this.host.advanced(s.voice, plan, s.fade);
  }
}
