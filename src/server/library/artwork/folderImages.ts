import path from 'node:path';
import type { FoundFile } from '../scan/types';

const NAMES = ['cover', 'folder', 'front'];
const EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'];
const FOLDER_IMAGE = /^(cover|folder|front)\.(jpe?g|png|webp)$/i;

/** Whether a found file is a folder's cover image (cover/folder/front.jpg|jpeg|png|webp, case ignored). */
export function isFolderImage(file: Pick<FoundFile, 'path'>): boolean {
  return FOLDER_IMAGE.test(path.basename(file.path));
}

/** How much a name is preferred: cover before folder before front, then jpg, jpeg, png, webp. */
function rank(file: FoundFile): number {
  const [name, ext] = path.basename(file.path).toLowerCase().split('.');
  return NAMES.indexOf(name) * EXTENSIONS.length + EXTENSIONS.indexOf(ext);
}

/** The cover image of each folder, by the folder's absolute path. */
export function chooseFolderImages(images: FoundFile[]): Map<string, FoundFile> {
  const byFolder = new Map<string, FoundFile>();
  for (const image of images) {
    const folder = path.dirname(image.path);
    const current = byFolder.get(folder);
    if (!current || rank(image) < rank(current)) byFolder.set(folder, image);
  }
  return byFolder;
}

/** Splits a walk's files into folder cover images and the rest (the audio candidates). */
export function splitFolderImages(files: FoundFile[]): { images: FoundFile[]; others: FoundFile[] } {
  const images: FoundFile[] = [];
  const others: FoundFile[] = [];
  for (const file of files) (isFolderImage(file) ? images : others).push(file);
  return { images, others };
}
