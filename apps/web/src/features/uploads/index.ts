// What other features use of uploads: the image upload button, the image types it accepts, and a link to an uploaded image.
export { ImageUploadButton } from './image-upload-button';
export { ACCEPTED_IMAGES } from './uploads-api';
export { useImageUrl } from './use-image-url';
