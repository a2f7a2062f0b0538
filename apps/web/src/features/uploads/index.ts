// What other features use of uploads: the image upload button, the image types it accepts, and links to show uploaded images.
export { ImageUploadButton } from './image-upload-button';
export { ACCEPTED_IMAGES } from './uploads-api';
export { useUploadedImageUrls } from './uploaded-image-urls';
