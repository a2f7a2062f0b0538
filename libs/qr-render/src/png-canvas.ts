import type { Rgb } from './qr-layout';
import type { RgbaPixels } from './qr-readers';
import { encodeIndexedPng, encodeRgbPng } from './png-file';

/**
 * A picture of at most 256 colours: one palette index per pixel, laid out as PNG's filtered rows
 * (each row starts with its filter byte, 0, which Buffer.alloc already wrote). A QR design has few
 * colours, and a byte per pixel is a third of what RGB costs to draw and to deflate.
 */
export class IndexedCanvas {
  readonly data: Buffer;
  readonly stride: number;
  readonly palette = new Uint8Array(256 * 3);

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.stride = width + 1;
    this.data = Buffer.alloc(this.stride * height);
  }

  setColour(index: number, [r, g, b]: Rgb): void {
    this.palette.set([r, g, b], index * 3);
  }

  offset(x: number, y: number): number {
    return y * this.stride + 1 + x;
  }

  fill(x: number, y: number, w: number, h: number, index: number): void {
    const [left, right] = [Math.max(0, Math.round(x)), Math.min(this.width, Math.round(x + w))];
    if (right <= left) return;
    for (let py = Math.max(0, Math.round(y)); py < Math.min(this.height, Math.round(y + h)); py++) {
      this.data.fill(index, this.offset(left, py), this.offset(right, py));
    }
  }

  toPng(): Buffer {
    return encodeIndexedPng(this.width, this.height, this.data, this.palette);
  }

  /** The picture as decoders take it, without a PNG's encoding and decoding in between. */
  toRgba(): RgbaPixels {
    const { width, height, data, palette, stride } = this;
    const rgba = new Uint8Array(width * height * 4).fill(255);
    for (let y = 0, to = 0; y < height; y++) {
      for (let from = y * stride + 1; from < (y + 1) * stride; from++, to += 4) {
        const p = data[from]! * 3;
        rgba[to] = palette[p]!;
        rgba[to + 1] = palette[p + 1]!;
        rgba[to + 2] = palette[p + 2]!;
      }
    }
    return { width, height, data: rgba };
  }

  /** The same picture in RGB, for drawing what has colours of its own (a logo). */
  toRgb(): RgbCanvas {
    const rgb = new RgbCanvas(this.width, this.height);
    const { data, palette, stride } = this;
    for (let y = 0; y < this.height; y++) {
      let to = rgb.offset(0, y);
      for (let from = y * stride + 1; from < (y + 1) * stride; from++, to += 3) {
        const p = data[from]! * 3;
        rgb.data[to] = palette[p]!;
        rgb.data[to + 1] = palette[p + 1]!;
        rgb.data[to + 2] = palette[p + 2]!;
      }
    }
    return rgb;
  }
}

/** RGB pixels as PNG's filtered rows, like IndexedCanvas with three bytes a pixel. */
export class RgbCanvas {
  readonly data: Buffer;
  readonly stride: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.stride = width * 3 + 1;
    this.data = Buffer.alloc(this.stride * height);
  }

  offset(x: number, y: number): number {
    return y * this.stride + 1 + x * 3;
  }

  toPng(): Buffer {
    return encodeRgbPng(this.width, this.height, this.data);
  }

  /** The picture as decoders take it (see IndexedCanvas.toRgba). */
  toRgba(): RgbaPixels {
    const { width, height, data, stride } = this;
    const rgba = new Uint8Array(width * height * 4).fill(255);
    for (let y = 0, to = 0; y < height; y++) {
      for (let from = y * stride + 1; from < (y + 1) * stride; from += 3, to += 4) {
        rgba[to] = data[from]!;
        rgba[to + 1] = data[from + 1]!;
        rgba[to + 2] = data[from + 2]!;
      }
    }
    return { width, height, data: rgba };
  }
}
