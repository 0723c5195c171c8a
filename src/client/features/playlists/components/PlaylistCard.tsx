import type { KeyboardEvent, RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { PlaylistSummary } from '../../../../contract/playlists';
import { IconButton } from '../../../ui/Button';
import { formatTotalDuration } from '../../../ui/format';
import { MoreIcon } from '../../../ui/icons';
import { PlaylistCover } from './PlaylistCover';
import { useMenuButton } from './useMenuButton';

const Card = styled.article`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  min-width: 0;
  &:hover {
    border-color: ${({ theme }) => theme.color.accent};
  }
`;
const Name = styled(Link)`
  font-weight: 700;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
`;
const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  min-height: 1.2em;
`;
const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
`;
const MenuButton = styled(IconButton)`
  position: absolute;
  z-index: 2;
  top: ${({ theme }) => theme.space(4)};
  right: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surface};
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
`;
const Menu = styled.ul`
  position: absolute;
  z-index: 3;
  top: 60px;
  right: ${({ theme }) => theme.space(4)};
  min-width: 140px;
  margin: 0;
  padding: ${({ theme }) => theme.space(1)};
  list-style: none;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.2);
  button {
    width: 100%;
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space(3)};
    text-align: left;
    border: 0;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: none;
    color: ${({ theme }) => theme.color.text};
    cursor: pointer;
    &:hover,
    &:focus-visible {
      background: ${({ theme }) => theme.color.surfaceAlt};
    }
  }
  button[data-danger] {
    color: ${({ theme }) => theme.color.danger};
  }
`;

/** docs/product.md §9: a playlist total as 'H hr M min' or 'M min'. */
export function playlistMeta(p: Pick<PlaylistSummary, 'trackCount' | 'totalDuration'>): string {
  return `${p.trackCount} ${p.trackCount === 1 ? 'track' : 'tracks'} · ${formatTotalDuration(p.totalDuration)}`;
}

export interface PlaylistCardProps {
  playlist: PlaylistSummary;
  /** with no handlers the card has no menu (e.g. on the home page) */
  onEdit?: (playlist: PlaylistSummary) => void;
  onDelete?: (playlist: PlaylistSummary) => void;
}

type CardMenuProps = PlaylistCardProps & {
  onChosen: () => void;
  menuRef: RefObject<HTMLUListElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
};

function CardMenu({ playlist, onEdit, onDelete, onChosen, menuRef, onKeyDown }: CardMenuProps) {
  const navigate = useNavigate();
  const choose = (action: () => void) => () => {
    onChosen();
    action();
  };
  return (
    <Menu ref={menuRef} role="menu" aria-label={`${playlist.name} options`} onKeyDown={onKeyDown}>
      <li role="none">
        <button type="button" role="menuitem" tabIndex={-1} onClick={choose(() => navigate(`/playlists/${playlist.id}`))}>
          View
        </button>
      </li>
      {onEdit ? (
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} onClick={choose(() => onEdit(playlist))}>
            Edit
          </button>
        </li>
      ) : null}
      {onDelete ? (
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} data-danger onClick={choose(() => onDelete(playlist))}>
            Delete
          </button>
        </li>
      ) : null}
    </Menu>
  );
}

/** A card of the playlists grid: cover, name, description, tracks and total; a context menu with view, edit, delete. */
export function PlaylistCard({ playlist, onEdit, onDelete }: PlaylistCardProps) {
  const menu = useMenuButton();
  const hasMenu = Boolean(onEdit || onDelete);
  return (
    <Card
      aria-label={playlist.name}
      onContextMenu={
        hasMenu
          ? (event) => {
              event.preventDefault();
              menu.show();
            }
          : undefined
      }
    >
      <PlaylistCover src={playlist.coverImage} name={playlist.name} />
      <Name to={`/playlists/${playlist.id}`}>{playlist.name}</Name>
      <Description>{playlist.description}</Description>
      <Meta>{playlistMeta(playlist)}</Meta>
      {hasMenu ? (
        <>
          <MenuButton
            ref={menu.buttonRef}
            type="button"
            aria-label={`More options for ${playlist.name}`}
            aria-haspopup="menu"
            aria-expanded={menu.open}
            onClick={menu.toggle}
            onKeyDown={menu.onButtonKeyDown}
          >
            <MoreIcon />
          </MenuButton>
          {menu.open ? (
            <CardMenu playlist={playlist} onEdit={onEdit} onDelete={onDelete} onChosen={menu.close} menuRef={menu.menuRef} onKeyDown={menu.onMenuKeyDown} />
          ) : null}
        </>
      ) : null}
    </Card>
  );
}

export const PlaylistGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(180px, 100%), 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;
