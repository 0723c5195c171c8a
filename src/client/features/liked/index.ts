export { LikeButton } from './components/LikeButton';
export type { LikeButtonProps } from './components/LikeButton';
