export { RadioStreamPanel } from './components/RadioStreamPanel';
