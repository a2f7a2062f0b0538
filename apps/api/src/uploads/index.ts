// What other contexts use of uploads: the stored images a design or a page refers to, the checks and
// re-encoding every uploaded image goes through, and the NSFW check of an image.
export { reencodeImage } from './image-reencoding';
export { readUploadedForm } from './multipart-file';
export { NsfwCheck } from './nsfw-check';
export { UploadedImages } from './uploaded-images';
