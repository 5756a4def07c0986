/** The profiles feature's public entry: other features and the composition root import only this. */

export { BLURRED_SIDE_PX, blurredRendition } from "./blurred-rendition";
export { type DeleteAccountOptions, deleteAccount } from "./delete-account";
export { findPersonById } from "./find-person";
export { createImageJobs, type ImageJobs, type ImageJobsOptions } from "./image-jobs";
export { type PreparedImage, prepareImage } from "./prepare-image";
export { type ProfilesDeps, profilesRoutes } from "./profiles.routes";
export { publicName } from "./public-name";
export { IMAGE_UPLOAD_LIMITS, readUploadFile } from "./read-upload-file";
export { SOCIAL_USER_COLUMNS, toSocialUser } from "./social-user";
