import { formatDuration, formatTotalDuration } from './format';

describe('formatDuration (m:ss)', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [600, '10:00'],
    [3599.9, '59:59'],
    [Number.NaN, '0:00'],
  ])('%p seconds reads %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatTotalDuration', () => {
  it.each([
    [59, '0 min'],
    [125, '2 min'],
    [3600, '1 hr 0 min'],
    [3600 + 25 * 60 + 10, '1 hr 25 min'],
  ])('%p seconds reads %s', (seconds, text) => {
    expect(formatTotalDuration(seconds)).toBe(text);
  });
});
