import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

type Rgb = { r: number; g: number; b: number };

/** A PNG, left half `left`, right half `right`: its thumbnails show where their pixels came from. */
export async function writeTwoColourPng(file: string, left: Rgb, right: Rgb, size = 200): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const half = (colour: Rgb) =>
    sharp({ create: { width: size / 2, height: size, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const [l, r] = await Promise.all([half(left), half(right)]);
  await sharp({ create: { width: size, height: size, channels: 3, background: left } })
    .composite([
      { input: l, left: 0, top: 0 },
      { input: r, left: size / 2, top: 0 },
    ])
    .png()
    .toFile(file);
  return file;
}

/** A one-colour JPEG. */
export async function writeSolidJpeg(file: string, colour: Rgb, width = 160, height = 120): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 95 })
    .toFile(file);
  return file;
}

/** The size of an image and the colour of one pixel. */
export async function inspect(image: Buffer, x: number, y: number): Promise<{ width: number; height: number; format: string; pixel: Rgb }> {
  const meta = await sharp(image).metadata();
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? '', pixel: { r: data[at], g: data[at + 1], b: data[at + 2] } };
}

/** Whether a pixel is near a colour (JPEG moves colours a little). */
export function near(pixel: Rgb, colour: Rgb, tolerance = 40): boolean {
  return Math.abs(pixel.r - colour.r) <= tolerance && Math.abs(pixel.g - colour.g) <= tolerance && Math.abs(pixel.b - colour.b) <= tolerance;
}

export const RED = { r: 220, g: 20, b: 30 };
export const BLUE = { r: 20, g: 40, b: 210 };
export const GREEN = { r: 30, g: 190, b: 40 };
export const YELLOW = { r: 240, g: 220, b: 20 };

/** A JPEG cut off at half its bytes, as an interrupted copy leaves it: sharp refuses it ("premature end"). */
export async function writeTruncatedJpeg(file: string, colour: Rgb): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg({ quality: 95 })
    .toBuffer();
  await writeFile(file, whole.subarray(0, Math.floor(whole.length / 2)));
  return file;
}

/** A small PNG whose header says 15,000 x 15,000 pixels (225 million): over sharp's limit of 100 million. */
export async function writeHugePng(file: string): Promise<string> {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(15_000, 0);
  header.writeUInt32BE(15_000, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(4096))), chunk('IEND', Buffer.alloc(0))]));
  return file;
}
