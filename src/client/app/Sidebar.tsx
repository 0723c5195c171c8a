import { useDispatch, useSelector } from 'react-redux';
import { NavLink, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { MESSAGES } from '../../contract/messages';
import { authActions, selectUser } from '../shared/session';
import { AlbumIcon, MicIcon, TagIcon } from '../ui/libraryIcons';
import { BoxIcon, HeartIcon, HomeIcon, ListIcon, LogoutIcon, RadioIcon, SearchIcon, SettingsIcon, UserIcon } from '../ui/icons';

const Nav = styled.nav<{ $open: boolean }>`
  grid-area: sidebar;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  width: ${({ theme }) => theme.layout.sidebarWidth}px;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surface};
  border-right: 1px solid ${({ theme }) => theme.color.border};
  overflow-y: auto;
  @media (max-width: ${({ theme }) => theme.breakpoints.sidebar - 1}px) {
    position: fixed;
    inset: 0 auto ${({ theme }) => theme.layout.playerHeight}px 0;
    z-index: 40;
    transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
    visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
    transition:
      transform 0.2s ease,
      visibility 0.2s;
    box-shadow: ${({ $open }) => ($open ? '0 0 40px rgba(0,0,0,0.35)' : 'none')};
  }
`;
const Brand = styled.div`
  font-size: 1.4rem;
  font-weight: 800;
  margin: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.accent};
`;
const Link = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-weight: 500;
  svg {
    width: 22px;
    height: 22px;
    flex: none;
  }
  span {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  &:hover {
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
  &.active {
    background: ${({ theme }) => theme.color.surfaceAlt};
    color: ${({ theme }) => theme.color.accent};
    font-weight: 700;
  }
`;
const Bottom = styled.div`
  margin-top: auto;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;
const Plan = styled.span`
  padding: 0 ${({ theme }) => theme.space(3)};
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
`;
const LogoutButton = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: none;
  cursor: pointer;
  text-align: left;
  svg {
    width: 22px;
    height: 22px;
  }
  &:hover {
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
`;

const LINKS = [
  { to: '/', label: 'Home', Icon: HomeIcon, end: true },
  { to: '/search', label: 'Search', Icon: SearchIcon },
  { to: '/albums', label: 'Albums', Icon: AlbumIcon },
  { to: '/artists', label: 'Artists', Icon: MicIcon },
  { to: '/genres', label: 'Genres', Icon: TagIcon },
  { to: '/music-box', label: 'Music Box', Icon: BoxIcon },
  { to: '/radio', label: 'Radio', Icon: RadioIcon },
  { to: '/playlists', label: 'Playlists', Icon: ListIcon },
  { to: '/liked', label: 'Liked Songs', Icon: HeartIcon },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon },
];

export function Sidebar({ open, id, onNavigate }: { open: boolean; id: string; onNavigate: () => void }) {
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return (
    <Nav id={id} aria-label="Main" $open={open}>
      <Brand>Wavelength</Brand>
      {LINKS.map(({ to, label, Icon, end }) => (
        <Link key={to} to={to} end={end} onClick={onNavigate}>
          <Icon />
          <span>{label}</span>
        </Link>
      ))}
      <Bottom>
        <Plan>{MESSAGES.freeAccount}</Plan>
        <Link to="/profile" onClick={onNavigate}>
          <UserIcon />
          <span title={user?.username}>{user?.username ?? 'Profile'}</span>
        </Link>
        <LogoutButton
          type="button"
          onClick={() => {
            dispatch(authActions.logoutRequested());
            navigate('/auth/login', { replace: true });
          }}
        >
          <LogoutIcon />
          Log out
        </LogoutButton>
      </Bottom>
    </Nav>
  );
}
