import fs from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from '../lib/images.js';
import { IMAGE_NAME, type ImageStore } from './image-store.js';

export interface ImportedFiles {
  /** Pictures now in the store (their files removed, unless `keepFiles`). */
  moved: number;
  /** Files left where they were (not a picture of ours, or unreadable), with the reason. */
  kept: { file: string; reason: string }[];
}

/**
 * Moves the pictures earlier versions kept as files in `DATA_DIR/uploads` into the store, under
 * the same names, so their URLs keep working on every instance. A file is removed only once the
 * store holds its picture; running again (or on two instances at once) moves nothing twice.
 * With `keepFiles` (a backup, which changes nothing on disk) the files stay where they are.
 */
export async function importUploadedFiles(
  store: ImageStore,
  uploadsDir: string,
  { keepFiles = false } = {},
): Promise<ImportedFiles> {
  const result: ImportedFiles = { moved: 0, kept: [] };
  let files: string[];
  try {
    files = (await fs.readdir(uploadsDir, { withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return result;
    throw error;
  }
  for (const name of files) {
    const file = path.join(uploadsDir, name);
    if (!IMAGE_NAME.test(name)) {
      result.kept.push({ file, reason: 'not a picture this server stored' });
      continue;
    }
    if (!(await store.has(name))) {
      const bytes = await fs.readFile(file);
      let size: { width?: number; height?: number; format?: string };
      try {
        size = await (await loadSharp())(bytes).metadata();
      } catch {
        size = {};
      }
      if (size.format !== 'webp' || !size.width || !size.height) {
        result.kept.push({ file, reason: 'not a readable WebP picture' });
        continue;
      }
      await store.put({
        name,
        contentType: 'image/webp',
        bytes,
        width: size.width,
        height: size.height,
      });
    }
    if (!keepFiles) await fs.rm(file, { force: true });
    result.moved++;
  }
  // An emptied folder goes too; one with files left in it stays.
  if (!keepFiles && result.kept.length === 0) await fs.rmdir(uploadsDir).catch(() => undefined);
  return result;
}
