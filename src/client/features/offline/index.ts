export { KeepButton } from './components/KeepButton';
export { StoragePanel } from './components/StoragePanel';
