/**
 * The hand-over's switch: one automation event moves the sound from an element to its buffer voice.
 * A ConstantSourceNode steps from 0 to 1 at `when`; the buffer voice's hand-in gain follows it and the
 * element's envelope follows 1 minus it. The two automations the switch used to be (the element's
 * envelope to 0, the buffer voice's start) could land a frame apart, Chromium rounding each time to
 * a frame its own way: for that frame both sounded and the output doubled (docs/decisions/playback-engine.md).
 * Whatever frame the one step lands on, both sides change on it, and as they play the same samples
 * the output stays the track's own.
 */
export interface HandOffSwitch {
  /** Ends the switch; only once the element is silent anyway (stopped or reloaded), as its envelope goes back to its own value. */
  release(): void;
}

export function handOffSwitch(ctx: BaseAudioContext, elementEnvelope: AudioParam, bufferHandIn: AudioParam, when: number): HandOffSwitch {
  const step = ctx.createConstantSource();
  step.offset.value = 0;
  step.offset.setValueAtTime(1, when);
  const invert = ctx.createGain();
  invert.gain.value = -1;
  // the buffer voice is not sounding yet: its hand-in is 0 until the step, then 1
  bufferHandIn.value = 0;
  step.connect(bufferHandIn);
  // the step outputs 0 until `when`: connecting it leaves the element as loud as it was
  step.connect(invert).connect(elementEnvelope);
  step.start();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      step.stop();
      step.disconnect();
      invert.disconnect();
    },
  };
}
