export { ScrobblingPanel } from './components/ScrobblingPanel';
