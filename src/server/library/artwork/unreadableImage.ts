/** An image sharp could not turn into a thumbnail: truncated, over the pixel limit, not an image at all. */
export class UnreadableImageError extends Error {
  constructor(
    readonly hash: string,
    cause: unknown,
  ) {
    super(`artwork ${hash} cannot be read as an image: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}
