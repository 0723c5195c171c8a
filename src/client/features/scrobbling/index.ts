export { ScrobblingPanel } from './components/ScrobblingPanel';
export { scrobblingSaga } from './scrobblingSagas';
