/** Timers that never keep the process alive on their own: the radio's are all background work. */
export function every(ms: number, fn: () => unknown): NodeJS.Timeout {
  const timer = setInterval(fn, ms);
  timer.unref();
  return timer;
}

export function after(ms: number, fn: () => unknown): NodeJS.Timeout {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return timer;
}
