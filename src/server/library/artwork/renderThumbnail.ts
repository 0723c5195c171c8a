import sharp from 'sharp';

/** Makes a square JPEG thumbnail of an image (any format sharp reads, SVG included). */
export type ThumbnailRenderer = (image: Buffer, size: number) => Promise<Buffer>;

/** Cover crop to size x size, JPEG quality 80 (mozjpeg): about 3-40 KB from 64 to 600 px. */
export const renderThumbnail: ThumbnailRenderer = async (image, size) =>
  sharp(image, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#000' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
