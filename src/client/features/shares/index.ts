export { ShareButton, type ShareButtonProps } from './components/ShareButton';
export { SharesPanel } from './components/SharesPanel';
