export { Lyrics } from './components/Lyrics';
export { LyricsPanel } from './components/LyricsPanel';
export { LyricsToggle } from './components/LyricsToggle';
