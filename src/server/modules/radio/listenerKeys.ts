/** Each anonymous connection to the live stream (the public switch) is a listener of its own under a key with this prefix, never a user id. */
export const ANONYMOUS_KEY_PREFIX = 'anonymous:';

export const isAnonymousKey = (key: string): boolean => key.startsWith(ANONYMOUS_KEY_PREFIX);
