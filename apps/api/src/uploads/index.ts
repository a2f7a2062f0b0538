// What other contexts use of uploads: the stored images a design or a page refers to.
export { UploadedImages } from './uploaded-images';
