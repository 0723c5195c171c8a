/** Twiddle factors by transform size: cos and sin of -2πk/size for k < size/2. */
const twiddles = new Map<number, { cos: Float64Array; sin: Float64Array }>();

function twiddlesOf(size: number): { cos: Float64Array; sin: Float64Array } {
  let t = twiddles.get(size);
  if (!t) {
    const half = size / 2;
    t = { cos: new Float64Array(half), sin: new Float64Array(half) };
    for (let k = 0; k < half; k += 1) {
      t.cos[k] = Math.cos((-2 * Math.PI * k) / size);
      t.sin[k] = Math.sin((-2 * Math.PI * k) / size);
    }
    twiddles.set(size, t);
  }
  return t;
}

/** The smallest power of two at least `n`. */
export function nextPowerOfTwo(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/**
 * In-place iterative radix-2 FFT of (re, im), whose length is a power of two; `inverse` transforms
 * back, scaled by 1/length. Complex multiplies done: (length/2)·log2(length).
 */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const size = re.length;
  if (size & (size - 1)) throw new Error(`fft size ${size} is not a power of two`);
  for (let i = 1, j = 0; i < size; i += 1) {
    let bit = size >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const r = re[i];
      re[i] = re[j];
      re[j] = r;
      const m = im[i];
      im[i] = im[j];
      im[j] = m;
    }
  }
  const { cos, sin } = twiddlesOf(size);
  const sign = inverse ? -1 : 1;
  for (let len = 2; len <= size; len *= 2) {
    const half = len / 2;
    const step = size / len;
    for (let start = 0; start < size; start += len) {
      for (let k = 0; k < half; k += 1) {
        const wr = cos[k * step];
        const wi = sign * sin[k * step];
        const a = start + k;
        const b = a + half;
        const xr = re[b] * wr - im[b] * wi;
        const xi = re[b] * wi + im[b] * wr;
        re[b] = re[a] - xr;
        im[b] = im[a] - xi;
        re[a] += xr;
        im[a] += xi;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < size; i += 1) {
      re[i] /= size;
      im[i] /= size;
    }
  }
}
