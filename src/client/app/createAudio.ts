import type { AudioService } from '../services/audio/AudioService';
import { createAudioGraph } from '../services/audio/engine/audioGraph';
import { OutputTap } from '../services/audio/engine/outputTap';
import { HtmlAudioService } from '../services/audio/HtmlAudioService';
import { WebAudioEngine } from '../services/audio/WebAudioEngine';

/**
 * The playback engine, or with the reference switch the old element player; tapped when the tap
 * switch is on (docs/product.md §2.14). A chunk of its own, fetched by LazyAudioService.
 */
export function createAudio(switches: { tap: boolean; reference: boolean }): AudioService {
  // a same-origin file (the CSP allows no blob: worklets); webpack emits it as an asset
  const workletUrl = new URL('../services/audio/engine/tapProcessor.worklet.js', import.meta.url);
  const tap = switches.tap ? new OutputTap() : undefined;
  if (tap) window.wavelengthAudioTap = tap;
  if (!switches.reference) {
    const engine = new WebAudioEngine({ workletUrl, outputTap: tap, firstBytes: firstBytesSwitch() });
    // the engine itself, for tests that read its hand-over log
    if (tap) window.wavelengthAudioEngine = engine;
    return engine;
  }
  const audioElement = new Audio();
  audioElement.id = 'wavelength-audio';
  document.body.appendChild(audioElement);
  if (tap) {
    const graph = createAudioGraph(workletUrl);
    graph.ctx.createMediaElementSource(audioElement).connect(graph.master);
    tap.attachGraph(graph);
  }
  return new HtmlAudioService(audioElement);
}

/** localStorage.wavelength_first_bytes = '1': sound from the first bytes (issue 31), not yet the default (docs/decisions/playback-engine.md). */
function firstBytesSwitch(): boolean {
  try {
    return localStorage.getItem('wavelength_first_bytes') === '1';
  } catch {
    return false;
  }
}
