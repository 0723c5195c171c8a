export { SubsonicAccessPanel } from './components/SubsonicAccessPanel';
