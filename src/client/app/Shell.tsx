import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useRememberLastPage } from '../features/pwa';
import { TopSearch } from '../features/search';
import { SongActionsProvider } from '../shared/songs';
import { IconButton } from '../ui/Button';
import { MenuIcon } from '../ui/icons';
import { OfflineNotice } from '../ui/OfflineNotice';
import { PageSpinner } from '../ui/Spinner';
import { PlayerWithLyrics } from './PlayerWithLyrics';
import { Sidebar } from './Sidebar';
import { appSongActions } from './songActions';

const Layout = styled.div`
  display: grid;
  height: 100vh;
  height: 100dvh;
  grid-template-columns: auto 1fr;
  grid-template-rows: 1fr auto;
  grid-template-areas: 'sidebar main' 'player player';
  @media (max-width: ${({ theme }) => theme.breakpoints.sidebar - 1}px) {
    grid-template-columns: 1fr;
    grid-template-areas: 'main' 'player';
  }
`;
const Main = styled.div`
  grid-area: main;
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow-y: auto;
`;
const TopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: ${({ theme }) => theme.layout.topBarHeight}px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.bg};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;
const MenuButton = styled(IconButton)`
  @media (min-width: ${({ theme }) => theme.breakpoints.sidebar}px) {
    display: none;
  }
`;
const Scrim = styled.div`
  position: fixed;
  inset: 0;
  z-index: 30;
  background: ${({ theme }) => theme.color.overlay};
  @media (min-width: ${({ theme }) => theme.breakpoints.sidebar}px) {
    display: none;
  }
`;
const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  &:focus {
    left: 8px;
    top: 8px;
    z-index: 100;
    padding: 8px 12px;
    background: ${({ theme }) => theme.color.surface};
  }
`;

const SIDEBAR_ID = 'app-sidebar';

/**
 * The signed-in frame: sidebar (collapsible below 1024 px), top search, page, player bar (and the lyrics
 * panel over the page). The page is the route's child, or `children` (the kept music page, routed outside).
 */
export default function Shell({ children }: { children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useRememberLastPage();
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // the song rows' like and add-to-playlist buttons, for every signed-in page (docs/product.md §2)
  return (
    <SongActionsProvider value={appSongActions}>
      <Layout>
        <SkipLink href="#main-content">Skip to content</SkipLink>
        <Sidebar id={SIDEBAR_ID} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        {menuOpen ? <Scrim onClick={() => setMenuOpen(false)} /> : null}
        <Main>
          <TopBar>
            <MenuButton type="button" aria-label="Open menu" aria-controls={SIDEBAR_ID} aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
              <MenuIcon />
            </MenuButton>
            <TopSearch />
          </TopBar>
          <OfflineNotice />
          <main id="main-content" tabIndex={-1}>
            <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
          </main>
        </Main>
        <PlayerWithLyrics />
      </Layout>
    </SongActionsProvider>
  );
}
