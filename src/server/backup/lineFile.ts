import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupError } from './format';

/**
 * Lines written through gzip into `<file>.partial`, renamed to file when done, so a file by the
 * backup's name is always whole. Writes wait while gzip's buffer is full: memory stays small.
 */
export class GzipLineWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly partial: string;
  private readonly done: Promise<void>;

  constructor(private readonly file: string) {
    this.partial = `${file}.partial`;
    this.done = pipeline(this.gzip, createWriteStream(this.partial, { mode: 0o600 }));
    // a failed write rejects `done`; the next write or finish reports it
    this.done.catch(() => undefined);
  }

  async write(lines: string[]): Promise<void> {
    if (!this.gzip.write(`${lines.join('\n')}\n`)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }

  /** Ends the file and puts it in place; answers its size in bytes. */
  async finish(): Promise<number> {
    this.gzip.end();
    await this.done;
    await rename(this.partial, this.file);
    return (await stat(this.file)).size;
  }

  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => undefined);
    await rm(this.partial, { force: true });
  }
}

/** The file's lines, gunzipped, one at a time; a file that is not gzip fails with a clear error. */
export async function* readGzipLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const opened = once(input, 'open').catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(`cannot read ${file} (${error.code ?? error.message})`);
  });
  await opened;
  input.pipe(gunzip);
  input.on('error', (error) => gunzip.destroy(error));
  try {
    for await (const line of readline.createInterface({ input: gunzip, crlfDelay: Infinity })) if (line) yield line;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') throw new BackupError(`${file} is not a Wavelength backup (not a gzip file, or a damaged one)`);
    throw error;
  } finally {
    input.destroy();
  }
}
