import { FrameRing } from './frameRing';
import type { WebAudioEngineOptions } from './outputTap';

/** The engine's context and its fixed nodes: voices -> master -> destination; buffer voices go through `bufferOut` (volume/mute). */
export interface AudioGraph {
  ctx: AudioContext;
  master: GainNode;
  bufferOut: GainNode;
  /** resolves true once the tap worklet module is loaded (false when it cannot be) */
  worklet: Promise<boolean>;
}

export function createAudioGraph(workletUrl: string | URL | undefined): AudioGraph {
  const ctx = new AudioContext({ latencyHint: 'interactive' });
  const master = ctx.createGain();
  master.connect(ctx.destination);
  const bufferOut = ctx.createGain();
  bufferOut.connect(master);
  const worklet =
    workletUrl && ctx.audioWorklet
      ? ctx.audioWorklet.addModule(workletUrl).then(
          () => true,
          () => false,
        )
      : Promise.resolve(false);
  return { ctx, master, bufferOut, worklet };
}

/** Resolves once the context runs (`resumed`) and the tap worklet is loaded, or after `maxMs`, whichever comes first. */
export function graphReady(graph: AudioGraph, resumed: Promise<unknown>, maxMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxMs);
  });
  return Promise.race([Promise.all([resumed, graph.worklet]).then(() => undefined), late]).finally(() => clearTimeout(timer));
}

/** A tap on `from`: what it outputs, mono, kept by context frame in a ring of `seconds` (each chunk also to `onChunk`). */
export interface Tap {
  ring: FrameRing;
  stop(): void;
}

export function createTap(ctx: BaseAudioContext, from: AudioNode, seconds: number, onChunk?: (frame: number, samples: Float32Array) => void): Tap {
  const ring = new FrameRing(Math.ceil(seconds * ctx.sampleRate));
  const node = new AudioWorkletNode(ctx, 'wavelength-tap', { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
  // a silent sink keeps the node pulled by the graph
  const sink = ctx.createGain();
  sink.gain.value = 0;
  node.connect(sink).connect(ctx.destination);
  node.port.onmessage = (event: MessageEvent<{ frame: number; samples: Float32Array }>) => {
    ring.push(event.data.frame, event.data.samples);
    onChunk?.(event.data.frame, event.data.samples);
  };
  from.connect(node);
  return {
    ring,
    stop() {
      node.port.postMessage('stop');
      from.disconnect(node);
      node.disconnect();
      sink.disconnect();
    },
  };
}

/**
 * The engine's graph: buffer voices at `bufferGain` (the listener's level), its output tapped when
 * asked (outputTap.ts), `onStateChange` when the context starts running or stops.
 */
export function createEngineGraph(options: WebAudioEngineOptions, bufferGain: number, onStateChange: () => void): AudioGraph {
  const graph = createAudioGraph(options.workletUrl);
  graph.bufferOut.gain.value = bufferGain;
  options.outputTap?.attachGraph(graph);
  graph.ctx.addEventListener('statechange', onStateChange);
  return graph;
}
