/** Makes a square JPEG thumbnail of an image (any format sharp reads, SVG included). */
export type ThumbnailRenderer = (image: Buffer, size: number) => Promise<Buffer>;

/**
 * Cover crop to size x size, JPEG quality 80 (mozjpeg): about 3-40 KB from 64 to 600 px. sharp
 * (libvips, tens of MB resident) is loaded on the first thumbnail, not at start-up
 * (docs/decisions/footprint.md).
 */
export const renderThumbnail: ThumbnailRenderer = async (image, size) => {
  const { default: sharp } = await import('sharp');
  return sharp(image, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#000' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
};
