import type { UploadTransport } from "../lib/upload-engine";
import { completeUpload } from "./complete-upload";
import { createUpload } from "./create-upload";
import { deleteUpload } from "./delete-upload";
import { getUpload } from "./get-upload";
import { putUploadPart } from "./put-upload-part";
import { putUploadPoster } from "./put-upload-poster";

/** The upload engine's HTTP calls: the uploads API of the Worker. */
export const uploadTransport: UploadTransport = {
  create: createUpload,
  status: getUpload,
  putPart: putUploadPart,
  putPoster: putUploadPoster,
  complete: completeUpload,
  remove: deleteUpload,
};
