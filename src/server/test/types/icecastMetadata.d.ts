/** The part of icecast-metadata-js (a dev dependency without types) the stream tests use. */
declare module 'icecast-metadata-js' {
  export interface IcyStats {
    totalBytesRead: number;
    streamBytesRead: number;
  }
  export class IcecastMetadataReader {
    constructor(options: {
      icyMetaInt?: number;
      metadataTypes?: ('icy' | 'ogg')[];
      onStream?: (value: { stream: Uint8Array; stats: IcyStats }) => void;
      onMetadata?: (value: { metadata: { StreamTitle?: string }; stats: IcyStats }) => void;
      onError?: (message: string) => void;
    });
    readAll(data: Uint8Array): void;
  }
}
