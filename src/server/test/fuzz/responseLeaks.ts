/** What no answer may show a caller: a stack trace, SQL or a server-side file path. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', / {4}at /],
  ['SQL', /select |insert into|syntax error|violates/i],
  ['file path', /\/(work|tmp|home|root)\//],
];

/** the names of the leaks found in a response body; empty when it is clean */
export function leaksIn(body: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(body)).map(([name]) => name);
}
