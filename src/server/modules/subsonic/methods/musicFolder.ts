/** Every MUSIC_DIR root, uploads and the demo are one library, so apps see one music folder. */
export const MUSIC_FOLDER = { id: 1, name: 'Music' } as const;
