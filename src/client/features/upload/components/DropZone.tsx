import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { UPLOAD_ACCEPT, megabytes } from '../uploadTrack';

const Zone = styled.div<{ $over: boolean }>`
  display: grid;
  place-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 112px;
  padding: ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.color.accent : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $over }) => ($over ? theme.color.surfaceAlt : 'transparent')};
  text-align: center;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.accent};
    outline-offset: 2px;
  }
`;
const Hidden = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
`;
const Small = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
`;

export interface DropZoneProps {
  disabled: boolean;
  /** the server's MAX_UPLOAD_MB in bytes, said in the hint */
  maxBytes: number;
  onFiles: (files: File[]) => void;
}

/** Drop audio files here, or focus it and press Enter or Space (or click) to pick them. */
export function DropZone({ disabled, maxBytes, onFiles }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const pick = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    pick();
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer?.files ?? []));
  };
  return (
    <Zone
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-label="Choose or drop tracks"
      aria-describedby={hintId}
      aria-disabled={disabled}
      $over={over}
      onClick={pick}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <strong>Drop audio files here or choose them</strong>
      <Small id={hintId}>
        MP3, FLAC, Ogg Vorbis, Opus, M4A (AAC or ALAC), WAV or AIFF, at most {megabytes(maxBytes)} MB each; tags are read from the files.
      </Small>
      <Hidden
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        aria-label="Audio files"
        tabIndex={-1}
        disabled={disabled}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </Zone>
  );
}
