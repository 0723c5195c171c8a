import styled from 'styled-components';
import type { UploadItem } from '../useUploadQueue';

const Item = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;
const Name = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;
const Bar = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  overflow: hidden;
`;
const Fill = styled.div<{ $percent: number; $failed: boolean }>`
  height: 100%;
  width: ${({ $percent }) => $percent}%;
  background: ${({ theme, $failed }) => ($failed ? theme.color.danger : theme.color.accent)};
  transition: width 0.15s;
`;
const Status = styled.span<{ $failed: boolean }>`
  font-size: 0.85rem;
  color: ${({ theme, $failed }) => ($failed ? theme.color.danger : theme.color.textMuted)};
`;

function statusText(item: UploadItem): string {
  switch (item.status) {
    case 'waiting':
      return 'Waiting';
    case 'uploading':
      return `${item.progress} %`;
    case 'done':
      return `"${item.song?.title ?? item.file.name}" added`;
    default:
      return item.error ?? 'Upload failed';
  }
}

/** One file of the upload: its name, its progress bar, then its result or the server's message. */
export function UploadRow({ item }: { item: UploadItem }) {
  const failed = item.status === 'failed';
  return (
    <Item data-testid="upload-row">
      <Name>{item.file.name}</Name>
      <Bar role="progressbar" aria-label={`Upload of ${item.file.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={item.progress}>
        <Fill $percent={failed ? 100 : item.progress} $failed={failed} />
      </Bar>
      <Status $failed={failed} role={failed ? 'alert' : undefined}>
        {statusText(item)}
      </Status>
    </Item>
  );
}
