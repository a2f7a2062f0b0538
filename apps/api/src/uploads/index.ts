// What other contexts use of uploads: the stored images a design or a page refers to, and the NSFW check of an image.
export { NsfwCheck } from './nsfw-check';
export { UploadedImages } from './uploaded-images';
