// What other features use of uploads: the image upload button and the image types it accepts.
export { ImageUploadButton } from './image-upload-button';
export { ACCEPTED_IMAGES } from './uploads-api';
