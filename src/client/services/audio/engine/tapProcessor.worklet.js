/* global AudioWorkletProcessor, registerProcessor, currentFrame */
// The playback engine's tap (docs/product.md §2.14): posts what it hears, mixed to mono, in chunks
// of CHUNK frames with the context frame of their first sample. It outputs silence.
const CHUNK = 1024;

class TapProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.chunk = new Float32Array(CHUNK);
    this.filled = 0;
    this.startFrame = 0;
    this.stopped = false;
    this.port.onmessage = (event) => {
      if (event.data === 'stop') this.stopped = true;
    };
  }

  process(inputs) {
    const channels = inputs[0] || [];
    const frames = channels.length ? channels[0].length : 128;
    if (this.filled === 0) this.startFrame = currentFrame;
    for (let i = 0; i < frames; i += 1) {
      let sum = 0;
      for (let c = 0; c < channels.length; c += 1) sum += channels[c][i];
      this.chunk[this.filled + i] = channels.length ? sum / channels.length : 0;
    }
    this.filled += frames;
    if (this.filled >= CHUNK) {
      this.port.postMessage({ frame: this.startFrame, samples: this.chunk }, [this.chunk.buffer]);
      this.chunk = new Float32Array(CHUNK);
      this.filled = 0;
    }
    return !this.stopped;
  }
}

registerProcessor('wavelength-tap', TapProcessor);
