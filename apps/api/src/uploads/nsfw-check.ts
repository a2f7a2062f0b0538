import { Inject, Injectable } from '@nestjs/common';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { MAX_IMAGE_SIDE, NsfwCheckView, NsfwClass, nsfwScoreOf } from '@qr/contracts';
import type { Logger } from '@qr/platform';
import { load, type ModelName, type NSFWJS } from 'nsfwjs';
import sharp from 'sharp';
import { LOGGER } from '../infrastructure';

/** The side of the square the model was trained on. */
const INPUT_SIDE = 224;
/** The smallest of the three bundled models (3.5 MB of weights); the others are read only if named. */
const MODEL_NAME: ModelName = 'MobileNetV2';
const MODEL = `nsfwjs ${MODEL_NAME}`;

/**
 * The spec's "NSFW check", in the server process: nsfwjs's MobileNetV2 model ships inside the npm
 * package (its weights are a module, so loading it reads node_modules and never the network) and runs
 * on TensorFlow.js's WebAssembly backend, whose .wasm is read from node_modules too. No GPU and no
 * native binary: tfjs-node downloads one at install, which fails offline (DESIGN.md §12). WebAssembly
 * answers in about 80 ms where the plain JavaScript backend takes over a second.
 *
 * Checks run one at a time: each holds a decoded image and the model's activations, so parallel
 * uploads wait their turn rather than multiply the memory.
 */
@Injectable()
export class NsfwCheck {
  private model: Promise<NSFWJS> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(@Inject(LOGGER) private readonly log: Logger) {}

  /**
   * Loads the model in the background (about 5 s), so a first visitor does not wait for it. Only the
   * server's entry point calls it, once listening: test apps and the CLI load the model only if
   * something checks an image, so they do not spend the time and 200 MB. A failure only logs: the
   * first check tries again.
   */
  warmUp(): void {
    const started = Date.now();
    this.loaded().then(
      () => this.log.info({ ms: Date.now() - started, model: MODEL }, 'NSFW model loaded'),
      (error: unknown) => this.log.error({ err: error, model: MODEL }, 'could not load the NSFW model; the first check tries again'),
    );
  }

  /** Scores an image sharp can decode, such as one `reencodeImage` made. */
  check(image: Buffer): Promise<NsfwCheckView> {
    const run = () => this.classify(image);
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async classify(image: Buffer): Promise<NsfwCheckView> {
    const model = await this.loaded();
    const started = performance.now();
    // Transparency is shown over white, as a logo on a page; the whole picture is squeezed into the square, as nsfwjs itself resizes.
    const { data, info } = await sharp(image, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(INPUT_SIDE, INPUT_SIDE, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.length), [info.height, info.width, info.channels], 'int32');
    try {
      const predictions = await model.classify(pixels, NsfwClass.options.length);
      // Parsed rather than asserted: a model that left out a class or named one differently fails here, not in a caller.
      const scores = NsfwCheckView.shape.scores.parse(Object.fromEntries(predictions.map((p) => [p.className.toLowerCase(), p.probability])));
      return { scores, nsfw: nsfwScoreOf(scores), model: MODEL, ms: Math.round(performance.now() - started) };
    } finally {
      pixels.dispose();
    }
  }

  private loaded(): Promise<NSFWJS> {
    this.model ??= loadModel().catch((error: unknown) => {
      this.model = undefined;
      throw error;
    });
    return this.model;
  }
}

async function loadModel(): Promise<NSFWJS> {
  if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js could not start its WebAssembly backend');
  // Production mode skips tfjs's per-operation checks for NaN, which only debugging needs.
  tf.enableProdMode();
  // nsfwjs announces its bundled model on console.info as the load starts, before its first await:
  // silenced for that moment, the server's log stays one JSON object a line.
  const announce = console.info;
  console.info = () => undefined;
  try {
    return load(MODEL_NAME);
  } finally {
    console.info = announce;
  }
}
