import { lazy, Suspense, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../ui/Spinner';
import { PublicOnly, RequireAuth } from './RouteGuards';

// Every page is its own chunk: the sign-in page loads none of the signed-in app.
const Shell = lazy(() => import(/* webpackChunkName: "shell" */ './Shell'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found" */ './NotFoundPage'));
const LoginPage = lazy(() => import(/* webpackChunkName: "auth-login" */ '../features/auth/pages/LoginPage'));
const SignupPage = lazy(() => import(/* webpackChunkName: "auth-signup" */ '../features/auth/pages/SignupPage'));
const ForgotPasswordPage = lazy(() => import(/* webpackChunkName: "auth-forgot" */ '../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import(/* webpackChunkName: "auth-reset" */ '../features/auth/pages/ResetPasswordPage'));
const HomePage = lazy(() => import(/* webpackChunkName: "home" */ './screens/home/HomeScreen'));
const SearchPage = lazy(() => import(/* webpackChunkName: "search" */ './screens/search/SearchScreen'));
const MusicBoxPage = lazy(() => import(/* webpackChunkName: "music-box" */ '../features/musicBox/pages/MusicBoxPage'));
const RadioPage = lazy(() => import(/* webpackChunkName: "radio" */ '../features/radio/pages/RadioPage'));
const PlaylistsPage = lazy(() => import(/* webpackChunkName: "playlists" */ '../features/playlists/pages/PlaylistsPage'));
const PlaylistDetailPage = lazy(() => import(/* webpackChunkName: "playlist" */ '../features/playlists/pages/PlaylistDetailPage'));
const LikedPage = lazy(() => import(/* webpackChunkName: "liked" */ '../features/liked/pages/LikedPage'));
const AlbumsPage = lazy(() => import(/* webpackChunkName: "albums" */ '../features/browse/pages/AlbumsPage'));
const AlbumPage = lazy(() => import(/* webpackChunkName: "album" */ '../features/browse/pages/AlbumPage'));
const ArtistsPage = lazy(() => import(/* webpackChunkName: "artists" */ '../features/browse/pages/ArtistsPage'));
const ArtistPage = lazy(() => import(/* webpackChunkName: "artist" */ '../features/browse/pages/ArtistPage'));
const GenresPage = lazy(() => import(/* webpackChunkName: "genres" */ '../features/browse/pages/GenresPage'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "settings" */ './screens/settings/SettingsScreen'));
const SharePage = lazy(() => import(/* webpackChunkName: "share" */ '../features/shares/pages/SharePage'));
const KeptScreen = lazy(() => import(/* webpackChunkName: "kept" */ './screens/kept/KeptScreen'));
const ProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ './screens/profile/ProfileScreen'));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

const publicPage = (element: ReactNode) => (
  <Loading>
    <PublicOnly>{element}</PublicOnly>
  </Loading>
);

export const routes: RouteObject[] = [
  { path: '/auth/login', element: publicPage(<LoginPage />) },
  { path: '/auth/signup', element: publicPage(<SignupPage />) },
  { path: '/auth/forgot-password', element: publicPage(<ForgotPasswordPage />) },
  { path: '/auth/reset-password', element: publicPage(<ResetPasswordPage />) },
  // a share's page: for visitors and signed-in users alike, outside the shell (docs/product.md §2.16)
  {
    path: '/s/:shareId',
    element: (
      <Loading>
        <SharePage />
      </Loading>
    ),
  },
  // the music kept on this device: signed out and offline too (docs/product.md §2.17)
  {
    path: '/kept',
    element: (
      <Loading>
        <KeptScreen />
      </Loading>
    ),
  },
  {
    path: '/',
    element: (
      <RequireAuth>
        <Loading>
          <Shell />
        </Loading>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'music-box', element: <MusicBoxPage /> },
      { path: 'radio', element: <RadioPage /> },
      { path: 'playlists', element: <PlaylistsPage /> },
      { path: 'playlists/create', element: <PlaylistsPage /> },
      { path: 'playlists/:id', element: <PlaylistDetailPage /> },
      { path: 'liked', element: <LikedPage /> },
      { path: 'albums', element: <AlbumsPage /> },
      { path: 'albums/:id', element: <AlbumPage /> },
      { path: 'artists', element: <ArtistsPage /> },
      { path: 'artists/:id', element: <ArtistPage /> },
      { path: 'genres', element: <GenresPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'profile', element: <ProfilePage /> },
    ],
  },
  {
    path: '*',
    element: (
      <Loading>
        <NotFoundPage />
      </Loading>
    ),
  },
];

/** The app's routes; the caller provides the BrowserRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}
