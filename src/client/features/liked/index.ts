export { LikeButton } from './components/LikeButton';
export type { LikeButtonProps } from './components/LikeButton';
export { useIsLiked, useLikedCount, useToggleLike } from './hooks';
export { likedApi, useGetLikedSongsQuery, useGetLikedIdsQuery } from './likedApi';
