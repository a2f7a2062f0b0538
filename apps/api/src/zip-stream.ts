import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of a streamed zip: its bytes at once or as they come; `stored` for what is compressed already (PNG, JPEG). */
export interface ZipEntry {
  name: string;
  content: Uint8Array | AsyncIterable<Uint8Array>;
  stored?: boolean;
}

/**
 * A zip made as its files come: fflate deflates each piece as it is pushed, and what it has made so
 * far is yielded after each piece, so a large export never sits whole in memory.
 */
export async function* zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  /** What fflate has made since the last piece: nothing when it holds on to a small piece for the next. */
  function* take(): Generator<Buffer> {
    if (failure) throw failure;
    if (out.length > 0) yield Buffer.concat(out.splice(0));
  }
  for await (const { name, content, stored } of entries) {
    const file = stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zip.add(file);
    if (content instanceof Uint8Array) file.push(content, true);
    else {
      for await (const piece of content) {
        file.push(piece);
        yield* take();
      }
      file.push(new Uint8Array(0), true);
    }
    yield* take();
  }
  zip.end();
  yield* take();
}
