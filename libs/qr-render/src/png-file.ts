import { crc32, deflateSync } from 'node:zlib';

/**
 * PNG files from rows that already carry PNG's filter byte (0, "none") in front of each row's
 * pixels, so encoding is one deflate call. pngjs re-packs every row in JavaScript first, which took
 * longer than drawing the code; it still reads uploaded logos (readPng).
 */

/** 8-bit palette indices; `palette` holds up to 256 RGB triples. */
export function encodeIndexedPng(width: number, height: number, filteredRows: Buffer, palette: Uint8Array): Buffer {
  return encodePng(width, height, 3, filteredRows, [chunk('PLTE', Buffer.from(palette))]);
}

/** 8 bits per channel RGB. */
export function encodeRgbPng(width: number, height: number, filteredRows: Buffer): Buffer {
  return encodePng(width, height, 2, filteredRows, []);
}

function encodePng(width: number, height: number, colourType: 2 | 3, filteredRows: Buffer, extraChunks: Buffer[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType, 0, 0, 0], 8); // 8 bits per sample, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extraChunks,
    // Level 1: a picture of flat colour compresses nearly as well, several times faster.
    chunk('IDAT', deflateSync(filteredRows, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
